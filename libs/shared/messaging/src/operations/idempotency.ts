import { hash } from 'node:crypto';
import { AnyOperation } from '@platform/contracts';
import type { OperationRequest } from './operation-request';

/** A request under an `Idempotency-Key`: who asks (scope), the key, and what is asked (fingerprint). */
export interface IdempotentRequest {
  scope: string;
  key: string;
  fingerprint: string;
}

/**
 * Where a service keeps the first answer of each idempotent request (its own database schema,
 * see the persistence lib). A service without data of its own has none: the key then travels on
 * to the service that writes (`serviceEnvelope`).
 */
export abstract class IdempotencyStore {
  /**
   * Does `work` once per scope and key, and answers as it did the first time: its result, or its
   * refusal (a 4xx). The same key with another fingerprint is refused.
   */
  abstract once(request: IdempotentRequest, work: () => Promise<unknown>): Promise<unknown>;
}

const digestOf = (value: unknown) => hash('sha256', JSON.stringify(value), 'hex');

/** Where a validated request keeps how to run its handler once per key (set by `OperationGuard`, used by `Handles`). */
export const RUN_ONCE = Symbol('runOnce');

/**
 * `Idempotency-Key` at the edge of the service owning an operation (docs/contracts.md,
 * "Idempotency"): how to run the handler of this request, when it comes with a key for an
 * operation declared idempotent and the service keeps answers. Keys are scoped to the operation
 * and the caller (credential and identity), so two callers never share one.
 */
export function runOnce(
  operation: AnyOperation,
  request: Pick<OperationRequest<AnyOperation>, 'caller' | 'input' | 'idempotencyKey'>,
  store: IdempotencyStore | undefined,
): ((work: () => Promise<unknown>) => Promise<unknown>) | undefined {
  if (!operation.idempotent || !store || request.idempotencyKey === undefined) return undefined;
  const idempotent = { scope: digestOf([operation.subject, request.caller]), key: request.idempotencyKey, fingerprint: digestOf(request.input) };
  return (work) => store.once(idempotent, work);
}
