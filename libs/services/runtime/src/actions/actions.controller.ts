import { Controller } from '@nestjs/common';
import { InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { ActionsService } from './actions.service';

@Controller()
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Handles(Runtime.callAction)
  call({ access, input }: OperationRequest<typeof Runtime.callAction, BotAccess>): Promise<never> {
    return this.actions.call(access.botId, input);
  }

  /** Asked by the admin service once it has checked the caller may read the bot. */
  @Handles(Internal.botActionRuns)
  runs({ input }: OperationRequest<typeof Internal.botActionRuns>) {
    return this.actions.list(input);
  }
}
