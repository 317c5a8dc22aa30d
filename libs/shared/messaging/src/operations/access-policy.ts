import { AnyOperation, Caller, Errors, isServiceCaller, ServiceCaller } from '@platform/contracts';

/**
 * How a service turns a caller into what its handlers may rely on, enforcing each operation's
 * declared `access`. Calls from other services are admitted when the operation names their
 * service; every other caller is the service's own business (`forCaller`).
 */
export abstract class AccessPolicy {
  async resolve(operation: AnyOperation, caller: Caller, input: object = {}): Promise<unknown> {
    if (isServiceCaller(caller)) {
      const allowed =
        (operation.access.kind === 'services' && operation.access.services.includes(caller.service)) || (operation.services ?? []).includes(caller.service);
      if (!allowed) throw Errors.forbidden(`The ${caller.service} service may not call ${operation.name}`);
      return this.forService(operation, caller);
    }
    if (operation.access.kind === 'services') throw Errors.forbidden(`${operation.name} is not a public operation`);
    return this.forCaller(operation, caller, input);
  }

  /** What a handler sees of a calling service; by default nothing more than the caller. */
  protected forService(_operation: AnyOperation, _caller: ServiceCaller): unknown {
    return {};
  }

  /** `input` is the request's checked input (path parameters, query, body), for rules that name a resource. */
  protected abstract forCaller(operation: AnyOperation, caller: Caller, input: object): Promise<unknown>;
}
