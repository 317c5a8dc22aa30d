import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCaller, ChatMessageView, CreateChatMessageBody, PageQueryDto, ServiceRequest, Subjects } from '@platform/contracts';
import { RuntimeForwarder } from '../webhooks/runtime-forwarder.service';

type Request<T> = ServiceRequest<ChatCaller, T>;

@Controller()
export class MessagesController {
  constructor(private readonly runtime: RuntimeForwarder) {}

  @MessagePattern(Subjects.chat.createMessage)
  async create(@Payload() { caller, input }: Request<CreateChatMessageBody>) {
    return { message: await this.runtime.asUser<ChatMessageView>(Subjects.runtime.chat.createMessage, caller, input) };
  }

  @MessagePattern(Subjects.chat.getMessage)
  async get(@Payload() { caller, input }: Request<{ id: string }>) {
    return { message: await this.runtime.asUser<ChatMessageView>(Subjects.runtime.chat.getMessage, caller, { id: input.id }) };
  }

  @MessagePattern(Subjects.chat.listMessages)
  list(@Payload() { caller, input }: Request<PageQueryDto & { conversationId: string }>) {
    return this.runtime.asUser(Subjects.runtime.chat.listMessages, caller, input);
  }

  @MessagePattern(Subjects.chat.deleteMessage)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.runtime.asUser(Subjects.runtime.chat.deleteMessage, caller, { id: input.id });
  }
}
