import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AnyOperation, Caller, InputOf, ResponseOf } from '@platform/contracts';

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

// The access a handler declares is the service's own business: any type goes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler<O extends AnyOperation> = (request: OperationRequest<O, any>) => Promise<ResponseOf<O>> | ResponseOf<O>;

/**
 * Marks a method as the handler of a declared operation: it is served on the operation's
 * subject, and by the time it runs the request has passed the operation's validation and
 * access rule (`OperationGuard`). The method's type is checked against the operation's input
 * and response.
 */
export function Handles<O extends AnyOperation>(operation: O) {
  return <T extends Handler<O>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    applyDecorators(MessagePattern(operation.subject), SetMetadata(OPERATION_METADATA, operation))(target, key, descriptor);
  };
}
