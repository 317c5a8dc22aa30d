import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChatCaller,
  ChatConversationView,
  CreateChatConversationBody,
  GetOrCreateChatConversationBody,
  ListenGrant,
  PageQueryDto,
  ServiceRequest,
  Subjects,
} from '@platform/contracts';
import { RuntimeForwarder } from '../webhooks/runtime-forwarder.service';

type Request<T> = ServiceRequest<ChatCaller, T>;

@Controller()
export class ConversationsController {
  constructor(private readonly runtime: RuntimeForwarder) {}

  @MessagePattern(Subjects.chat.createConversation)
  async create(@Payload() { caller, input }: Request<CreateChatConversationBody>) {
    return { conversation: await this.runtime.asUser<ChatConversationView>(Subjects.runtime.chat.createConversation, caller, { id: input.id }) };
  }

  @MessagePattern(Subjects.chat.getConversation)
  async get(@Payload() { caller, input }: Request<{ id: string }>) {
    return { conversation: await this.runtime.asUser<ChatConversationView>(Subjects.runtime.chat.getConversation, caller, { id: input.id }) };
  }

  @MessagePattern(Subjects.chat.getOrCreateConversation)
  async getOrCreate(@Payload() { caller, input }: Request<GetOrCreateChatConversationBody>) {
    return {
      conversation: await this.runtime.asUser<ChatConversationView>(Subjects.runtime.chat.getOrCreateConversation, caller, { id: input.id }),
    };
  }

  @MessagePattern(Subjects.chat.listConversations)
  list(@Payload() { caller, input }: Request<PageQueryDto>) {
    return this.runtime.asUser(Subjects.runtime.chat.listConversations, caller, { nextToken: input.nextToken });
  }

  @MessagePattern(Subjects.chat.deleteConversation)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.runtime.asUser(Subjects.runtime.chat.deleteConversation, caller, { id: input.id });
  }

  /**
   * Grants a participant a live stream of the conversation: the gateway then relays the
   * conversation's signal subject, which the runtime publishes to after every change.
   */
  @MessagePattern(Subjects.chat.listenConversation)
  async listen(@Payload() { caller, input }: Request<{ id: string }>): Promise<ListenGrant> {
    const identity = await this.runtime.identify(caller);
    const conversation = await this.runtime.asIdentified<ChatConversationView>(Subjects.runtime.chat.getConversation, identity, { id: input.id });
    return { ...identity, conversationId: conversation.id, subject: Subjects.signals(identity.botId, conversation.id) };
  }
}
