import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects } from '@platform/contracts';
import { BotAccessService } from './bot-access.service';

@Controller()
export class BotAccessController {
  constructor(private readonly botAccess: BotAccessService) {}

  @MessagePattern(Subjects.admin.authorizeRuntime)
  authorizeRuntime(@Payload() { tokenHash, botId }: { tokenHash: string; botId: string }) {
    return this.botAccess.authorizeRuntime(tokenHash, botId);
  }

  @MessagePattern(Subjects.admin.deliveryTarget)
  deliveryTarget(@Payload() { botId }: { botId: string }) {
    return this.botAccess.deliveryTarget(botId);
  }

  @MessagePattern(Subjects.admin.resolveWebhook)
  resolveWebhook(@Payload() { webhookId }: { webhookId: string }) {
    return this.botAccess.resolveWebhook(webhookId);
  }
}
