import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccessService } from './bot-access.service';

/** What the other services ask the admin service, which owns tokens, bots and webhooks. */
@Controller()
export class BotAccessController {
  constructor(private readonly botAccess: BotAccessService) {}

  @Handles(Internal.authorizeRuntime)
  authorizeRuntime({ input }: OperationRequest<typeof Internal.authorizeRuntime>) {
    return this.botAccess.authorizeRuntime(input.tokenHash, input.botId);
  }

  @Handles(Internal.authorizeDestinationBot)
  authorizeDestinationBot({ input }: OperationRequest<typeof Internal.authorizeDestinationBot>) {
    return this.botAccess.authorizeDestinationBot(input.tokenHash, input.botId, input.destinationBotId);
  }

  @Handles(Internal.deliveryTarget)
  deliveryTarget({ input }: OperationRequest<typeof Internal.deliveryTarget>) {
    return this.botAccess.deliveryTarget(input.botId);
  }

  @Handles(Internal.resolveWebhook)
  resolveWebhook({ input }: OperationRequest<typeof Internal.resolveWebhook>) {
    return this.botAccess.resolveWebhook(input.webhookId);
  }
}
