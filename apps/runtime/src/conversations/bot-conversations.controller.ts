import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateConversationBody,
  GetOrCreateConversationBody,
  ListConversationsQuery,
  RuntimeCaller,
  ServiceRequest,
  Subjects,
  UpdateConversationBody,
} from '@platform/contracts';
import { BotConversationsService } from './bot-conversations.service';

type Request<T> = ServiceRequest<RuntimeCaller, T>;

@Controller()
export class BotConversationsController {
  constructor(private readonly conversations: BotConversationsService) {}

  @MessagePattern(Subjects.runtime.createConversation)
  create(@Payload() { caller, input }: Request<CreateConversationBody>) {
    return this.conversations.create(caller, input);
  }

  @MessagePattern(Subjects.runtime.getConversation)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.conversations.get(caller, input.id);
  }

  @MessagePattern(Subjects.runtime.listConversations)
  list(@Payload() { caller, input }: Request<ListConversationsQuery>) {
    return this.conversations.list(caller, input);
  }

  @MessagePattern(Subjects.runtime.getOrCreateConversation)
  getOrCreate(@Payload() { caller, input }: Request<GetOrCreateConversationBody>) {
    return this.conversations.getOrCreate(caller, input);
  }

  @MessagePattern(Subjects.runtime.updateConversation)
  update(@Payload() { caller, input: { id, ...changes } }: Request<UpdateConversationBody & { id: string }>) {
    return this.conversations.update(caller, id, changes);
  }

  @MessagePattern(Subjects.runtime.deleteConversation)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.conversations.delete(caller, input.id);
  }
}
