import { Controller } from '@nestjs/common';
import { InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { IntegrationsService } from './integrations.service';

@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Handles(Runtime.configureIntegration)
  configure({ access, input }: OperationRequest<typeof Runtime.configureIntegration, BotAccess>) {
    return this.integrations.configure(access, input);
  }

  @Handles(Internal.listIntegrationSettings)
  listForBot({ input }: OperationRequest<typeof Internal.listIntegrationSettings>) {
    return this.integrations.listForBot(input.botId);
  }
}
