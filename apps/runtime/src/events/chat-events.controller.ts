import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, Subjects } from '@platform/contracts';
import { ChatEventsService } from './chat-events.service';

@Controller()
export class ChatEventsController {
  constructor(private readonly events: ChatEventsService) {}

  @MessagePattern(Subjects.runtime.chat.createEvent)
  create(@Payload() input: ChatScopedInput & { conversationId: string; payload: Record<string, unknown> }) {
    return this.events.create(input);
  }

  @MessagePattern(Subjects.runtime.chat.getEvent)
  get(@Payload() input: ChatScopedInput & { id: string }) {
    return this.events.get(input);
  }
}
