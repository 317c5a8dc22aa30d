import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCaller, ServiceRequest, Subjects } from '@platform/contracts';
import { WebhookResolver } from './webhook-resolver.service';

@Controller()
export class HelloController {
  constructor(private readonly webhooks: WebhookResolver) {}

  /** The chat client's first call: 200 for a webhook that serves the chat API, 404 otherwise. */
  @MessagePattern(Subjects.chat.hello)
  async hello(@Payload() { caller }: ServiceRequest<ChatCaller>) {
    await this.webhooks.resolve(caller.webhookId);
    return {};
  }
}
