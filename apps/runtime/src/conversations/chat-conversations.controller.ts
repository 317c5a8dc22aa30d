import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, PageQueryDto, Subjects } from '@platform/contracts';
import { ChatConversationsService } from './chat-conversations.service';

type WithId = ChatScopedInput & { id: string };

@Controller()
export class ChatConversationsController {
  constructor(private readonly conversations: ChatConversationsService) {}

  @MessagePattern(Subjects.runtime.chat.createConversation)
  create(@Payload() input: ChatScopedInput & { id?: string }) {
    return this.conversations.create(input);
  }

  @MessagePattern(Subjects.runtime.chat.getConversation)
  get(@Payload() input: WithId) {
    return this.conversations.get(input);
  }

  @MessagePattern(Subjects.runtime.chat.getOrCreateConversation)
  getOrCreate(@Payload() input: WithId) {
    return this.conversations.getOrCreate(input);
  }

  @MessagePattern(Subjects.runtime.chat.listConversations)
  list(@Payload() input: ChatScopedInput & PageQueryDto) {
    return this.conversations.list(input);
  }

  @MessagePattern(Subjects.runtime.chat.deleteConversation)
  delete(@Payload() input: WithId) {
    return this.conversations.delete(input);
  }
}
