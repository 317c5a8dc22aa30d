import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateMessageBody,
  GetOrCreateMessageBody,
  ListMessagesQuery,
  RuntimeCaller,
  ServiceRequest,
  Subjects,
  UpdateMessageBody,
} from '@platform/contracts';
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

  @MessagePattern(Subjects.runtime.listMessages)
  list(@Payload() { caller, input }: Request<ListMessagesQuery>) {
    return this.messages.list(caller, input);
  }

  @MessagePattern(Subjects.runtime.getOrCreateMessage)
  getOrCreate(@Payload() { caller, input }: Request<GetOrCreateMessageBody>) {
    return this.messages.getOrCreate(caller, input);
  }

  @MessagePattern(Subjects.runtime.updateMessage)
  update(@Payload() { caller, input: { id, ...changes } }: Request<UpdateMessageBody & { id: string }>) {
    return this.messages.update(caller, id, changes);
  }

  @MessagePattern(Subjects.runtime.deleteMessage)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.messages.delete(caller, input.id);
  }
}
