import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AnyOperation, ResponseOf } from '@platform/contracts';
import { RUN_ONCE } from './idempotency';
import { OPERATION_METADATA, OperationRequest } from './operation-request';

// The access a handler declares is the service's own business: any type goes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler<O extends AnyOperation> = (request: OperationRequest<O, any>) => Promise<ResponseOf<O>> | ResponseOf<O>;

/**
 * Marks a method as the handler of a declared operation: it is served on the operation's
 * subject, and by the time it runs the request has passed the operation's validation and
 * access rule (`OperationGuard`). The method's type is checked against the operation's input
 * and response. An idempotent operation's handler runs once per `Idempotency-Key`
 * (`runOnce`): it is wrapped here rather than by a Nest interceptor, whose pipeline binds two
 * async resources for every request it wraps (about 15 µs each on Node 20).
 */
export function Handles<O extends AnyOperation>(operation: O) {
  return <T extends Handler<O>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    if (operation.idempotent) {
      const handle = descriptor.value!;
      descriptor.value = function (this: unknown, request: OperationRequest<O> & { [RUN_ONCE]?: (work: () => Promise<unknown>) => Promise<unknown> }) {
        const once = request[RUN_ONCE];
        return once ? once(async () => handle.call(this, request)) : handle.call(this, request);
      } as T;
    }
    applyDecorators(MessagePattern(operation.subject), SetMetadata(OPERATION_METADATA, operation))(target, key, descriptor);
  };
}
