import { Provider, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessPolicy } from './access-policy';
import { OperationGuard } from './operation.guard';

export * from './access-policy';
export * from './handles';
export * from './operation-request';
export * from './idempotency';
export * from './operation.guard';

/** The providers a service needs to serve declared operations with its own access policy. */
export function operationEdge(policy: Type<AccessPolicy>): Provider[] {
  return [
    { provide: AccessPolicy, useClass: policy },
    { provide: APP_GUARD, useClass: OperationGuard },
  ];
}
export * from './service-envelope';
export * from './handled-subjects';
