import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AnyOperation, validateEnvelope } from '@platform/contracts';
import { AccessPolicy } from './access-policy';
import { IdempotencyStore, RUN_ONCE, runOnce } from './idempotency';
import { OPERATION_METADATA } from './operation-request';

/**
 * The edge of every service: before a handler of a declared operation runs, the envelope is
 * validated against the operation's contract, then the caller is checked against its access
 * rule. The payload object becomes the handler's `OperationRequest` in place (it belongs to
 * this one request), so handlers receive checked values only, and how to run an idempotent
 * operation's handler once per key (`Handles`).
 */
@Injectable()
export class OperationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly policy: AccessPolicy,
    @Optional() private readonly idempotency?: IdempotencyStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'rpc') return true;
    const operation = this.reflector.get<AnyOperation | undefined>(OPERATION_METADATA, context.getHandler());
    if (!operation) return true;
    const payload = context.switchToRpc().getData() as Record<string, unknown>;
    const request = validateEnvelope(operation, payload);
    const access = await this.policy.resolve(operation, request.caller, request.input as object);
    for (const key of Object.keys(payload)) delete payload[key];
    Object.assign(payload, { ...request, access, [RUN_ONCE]: runOnce(operation, request, this.idempotency) });
    return true;
  }
}
