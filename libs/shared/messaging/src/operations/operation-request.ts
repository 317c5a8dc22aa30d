import { AnyOperation, Caller, InputOf } from '@platform/contracts';

export const OPERATION_METADATA = 'platform:operation';

/**
 * What a handler receives: the envelope validated against its operation's contract, and what
 * the service's access policy resolved the caller to (`A`, e.g. the workspace membership).
 */
export interface OperationRequest<O extends AnyOperation, A = unknown> {
  requestId: string;
  caller: Caller;
  input: InputOf<O>;
  access: A;
  /** The caller's `Idempotency-Key`, for an operation declared `idempotent`. */
  idempotencyKey?: string;
}
