import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AddChatParticipantBody, ChatCaller, PageQueryDto, ServiceRequest, Subjects } from '@platform/contracts';
import { RuntimeForwarder } from '../webhooks/runtime-forwarder.service';

type Request<T> = ServiceRequest<ChatCaller, T & { conversationId: string }>;

@Controller()
export class ParticipantsController {
  constructor(private readonly runtime: RuntimeForwarder) {}

  @MessagePattern(Subjects.chat.addParticipant)
  add(@Payload() { caller, input }: Request<AddChatParticipantBody>) {
    return this.runtime.asUser(Subjects.runtime.chat.addParticipant, caller, { conversationId: input.conversationId, participantId: input.userId });
  }

  @MessagePattern(Subjects.chat.getParticipant)
  get(@Payload() { caller, input }: Request<{ participantId: string }>) {
    return this.runtime.asUser(Subjects.runtime.chat.getParticipant, caller, input);
  }

  @MessagePattern(Subjects.chat.listParticipants)
  list(@Payload() { caller, input }: Request<PageQueryDto>) {
    return this.runtime.asUser(Subjects.runtime.chat.listParticipants, caller, input);
  }

  @MessagePattern(Subjects.chat.removeParticipant)
  remove(@Payload() { caller, input }: Request<{ participantId: string }>) {
    return this.runtime.asUser(Subjects.runtime.chat.removeParticipant, caller, input);
  }
}
