import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AnyOperation, ResponseOf } from '@platform/contracts';
import { IdempotencyInterceptor } from './idempotency';
import { OPERATION_METADATA, OperationRequest } from './operation-request';

// The access a handler declares is the service's own business: any type goes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler<O extends AnyOperation> = (request: OperationRequest<O, any>) => Promise<ResponseOf<O>> | ResponseOf<O>;

/**
 * Marks a method as the handler of a declared operation: it is served on the operation's
 * subject, and by the time it runs the request has passed the operation's validation and
 * access rule (`OperationGuard`). The method's type is checked against the operation's input
 * and response. Only an idempotent operation's handler goes through `IdempotencyInterceptor`:
 * an interceptor costs every request it wraps.
 */
export function Handles<O extends AnyOperation>(operation: O) {
  return <T extends Handler<O>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    applyDecorators(
      MessagePattern(operation.subject),
      SetMetadata(OPERATION_METADATA, operation),
      ...(operation.idempotent ? [UseInterceptors(IdempotencyInterceptor)] : []),
    )(target, key, descriptor);
  };
}
