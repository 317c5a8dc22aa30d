import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, PageQueryDto, Subjects } from '@platform/contracts';
import { ChatMessagesService, CreateChatMessageInput } from './chat-messages.service';

@Controller()
export class ChatMessagesController {
  constructor(private readonly messages: ChatMessagesService) {}

  @MessagePattern(Subjects.runtime.chat.createMessage)
  create(@Payload() input: CreateChatMessageInput) {
    return this.messages.create(input);
  }

  @MessagePattern(Subjects.runtime.chat.getMessage)
  get(@Payload() input: ChatScopedInput & { id: string }) {
    return this.messages.get(input);
  }

  @MessagePattern(Subjects.runtime.chat.listMessages)
  list(@Payload() input: ChatScopedInput & PageQueryDto & { conversationId: string }) {
    return this.messages.list(input);
  }

  @MessagePattern(Subjects.runtime.chat.deleteMessage)
  delete(@Payload() input: ChatScopedInput & { id: string }) {
    return this.messages.delete(input);
  }
}
