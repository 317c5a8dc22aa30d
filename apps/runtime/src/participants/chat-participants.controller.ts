import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, PageQueryDto, Subjects } from '@platform/contracts';
import { ChatParticipantsService } from './chat-participants.service';

type ParticipantInput = ChatScopedInput & { conversationId: string; participantId: string };

@Controller()
export class ChatParticipantsController {
  constructor(private readonly participants: ChatParticipantsService) {}

  @MessagePattern(Subjects.runtime.chat.addParticipant)
  add(@Payload() input: ParticipantInput) {
    return this.participants.add(input);
  }

  @MessagePattern(Subjects.runtime.chat.getParticipant)
  get(@Payload() input: ParticipantInput) {
    return this.participants.get(input);
  }

  @MessagePattern(Subjects.runtime.chat.listParticipants)
  list(@Payload() input: ChatScopedInput & PageQueryDto & { conversationId: string }) {
    return this.participants.list(input);
  }

  @MessagePattern(Subjects.runtime.chat.removeParticipant)
  remove(@Payload() input: ParticipantInput) {
    return this.participants.remove(input);
  }
}
