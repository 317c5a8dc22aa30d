import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConfigureIntegrationBody, RuntimeCaller, ServiceRequest, Subjects } from '@platform/contracts';
import { IntegrationsService } from './integrations.service';

@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @MessagePattern(Subjects.runtime.configureIntegration)
  configure(@Payload() { caller, input }: ServiceRequest<RuntimeCaller, ConfigureIntegrationBody>) {
    return this.integrations.configure(caller, input);
  }

  @MessagePattern(Subjects.runtime.listIntegrationSettings)
  listForBot(@Payload() { botId }: { botId: string }) {
    return this.integrations.listForBot(botId);
  }
}
