import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateMessageBody, RuntimeCaller, ServiceRequest, Subjects } from '@platform/contracts';
import { BotMessagesService } from './bot-messages.service';

type Request<T> = ServiceRequest<RuntimeCaller, T>;

@Controller()
export class BotMessagesController {
  constructor(private readonly messages: BotMessagesService) {}

  @MessagePattern(Subjects.runtime.createMessage)
  create(@Payload() { caller, input }: Request<CreateMessageBody>) {
    return this.messages.create(caller, input);
  }

  @MessagePattern(Subjects.runtime.getMessage)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.messages.get(caller, input.id);
  }
}
