import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { FailuresRepository } from './failures.repository';

/** Asked by the admin service (bot issues) once it has checked the caller may read the bot. */
@Controller()
export class FailuresController {
  constructor(private readonly failures: FailuresRepository) {}

  @Handles(Internal.botFailures)
  async groups({ input }: OperationRequest<typeof Internal.botFailures>) {
    return { groups: await this.failures.groups(input.botId) };
  }

  @Handles(Internal.botFailedEvents)
  async events({ input }: OperationRequest<typeof Internal.botFailedEvents>) {
    return { events: await this.failures.events(input.botId, input.reason, input.after ? new Date(input.after) : undefined) };
  }
}
