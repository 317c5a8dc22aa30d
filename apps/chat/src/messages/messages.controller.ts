import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCaller, ChatMessageResponse, ChatMessageView, CreateChatMessageBody, ServiceRequest, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { WebhookResolver } from '../webhooks/webhook-resolver.service';

@Controller()
export class MessagesController {
  constructor(
    private readonly webhooks: WebhookResolver,
    private readonly bus: BusClient,
  ) {}

  @MessagePattern(Subjects.chat.createMessage)
  async create(@Payload() { caller, input }: ServiceRequest<ChatCaller, CreateChatMessageBody>): Promise<ChatMessageResponse> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    const message = await this.bus.request<ChatMessageView>(Subjects.runtime.chat.createMessage, { botId: webhook.botId, userId, ...input });
    return { message };
  }

  @MessagePattern(Subjects.chat.getMessage)
  async get(@Payload() { caller, input }: ServiceRequest<ChatCaller, { id: string }>): Promise<ChatMessageResponse> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    const message = await this.bus.request<ChatMessageView>(Subjects.runtime.chat.getMessage, { botId: webhook.botId, userId, id: input.id });
    return { message };
  }
}
