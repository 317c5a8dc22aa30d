import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCaller, ChatConversationResponse, ChatConversationView, CreateChatConversationBody, ServiceRequest, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { WebhookResolver } from '../webhooks/webhook-resolver.service';

@Controller()
export class ConversationsController {
  constructor(
    private readonly webhooks: WebhookResolver,
    private readonly bus: BusClient,
  ) {}

  @MessagePattern(Subjects.chat.createConversation)
  async create(@Payload() { caller, input }: ServiceRequest<ChatCaller, CreateChatConversationBody>): Promise<ChatConversationResponse> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    const conversation = await this.bus.request<ChatConversationView>(Subjects.runtime.chat.createConversation, {
      botId: webhook.botId,
      userId,
      id: input.id,
    });
    return { conversation };
  }
}
