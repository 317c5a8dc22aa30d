import { Injectable } from '@nestjs/common';
import { AnyOperation, Errors } from '@platform/contracts';
import { AccessPolicy } from '@platform/messaging';

/** The bots service answers other platform services only: it has no public operation. */
@Injectable()
export class BotsAccessPolicy extends AccessPolicy {
  protected async forCaller(operation: AnyOperation): Promise<never> {
    throw Errors.forbidden(`${operation.name} is not a public operation`);
  }
}
