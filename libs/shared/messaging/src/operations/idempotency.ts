import { createHash } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import { AnyOperation } from '@platform/contracts';
import { OPERATION_METADATA, OperationRequest } from './operation-request';

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

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * `Idempotency-Key` at the edge of the service owning an operation (docs/contracts.md,
 * "Idempotency"). Keys are scoped to the operation and the caller (credential and identity),
 * so two callers never share one.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly store?: IdempotencyStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc' || !this.store) return next.handle();
    const operation = this.reflector.get<AnyOperation | undefined>(OPERATION_METADATA, context.getHandler());
    const request = context.switchToRpc().getData() as OperationRequest<AnyOperation>;
    if (!operation?.idempotent || request.idempotencyKey === undefined) return next.handle();
    const idempotent = { scope: hash([operation.subject, request.caller]), key: request.idempotencyKey, fingerprint: hash(request.input) };
    return from(this.store.once(idempotent, () => lastValueFrom(next.handle(), { defaultValue: null })));
  }
}
