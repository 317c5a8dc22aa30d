import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, Subjects } from '@platform/contracts';
import { ChatConversationsService } from './chat-conversations.service';

@Controller()
export class ChatConversationsController {
  constructor(private readonly conversations: ChatConversationsService) {}

  @MessagePattern(Subjects.runtime.chat.createConversation)
  create(@Payload() input: ChatScopedInput & { id?: string }) {
    return this.conversations.create(input);
  }
}
