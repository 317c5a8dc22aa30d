import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RuntimeCaller, ServiceRequest, SizedPageQueryDto, Subjects } from '@platform/contracts';
import { BotParticipantsService } from './bot-participants.service';

type Request<T> = ServiceRequest<RuntimeCaller, T & { conversationId: string }>;

@Controller()
export class BotParticipantsController {
  constructor(private readonly participants: BotParticipantsService) {}

  @MessagePattern(Subjects.runtime.listParticipants)
  list(@Payload() { caller, input: { conversationId, ...page } }: Request<SizedPageQueryDto>) {
    return this.participants.list(caller, conversationId, page);
  }

  @MessagePattern(Subjects.runtime.addParticipant)
  add(@Payload() { caller, input }: Request<{ userId: string }>) {
    return this.participants.add(caller, input.conversationId, input.userId);
  }

  @MessagePattern(Subjects.runtime.getParticipant)
  get(@Payload() { caller, input }: Request<{ userId: string }>) {
    return this.participants.get(caller, input.conversationId, input.userId);
  }

  @MessagePattern(Subjects.runtime.removeParticipant)
  remove(@Payload() { caller, input }: Request<{ userId: string }>) {
    return this.participants.remove(caller, input.conversationId, input.userId);
  }
}
