import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, toChatConversationView } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { ConversationsService } from './conversations.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Handles(Chat.createConversation)
  async create({ access, input }: Request<typeof Chat.createConversation>) {
    return { conversation: toChatConversationView(await this.conversations.create(access, input.id)) };
  }

  @Handles(Chat.getConversation)
  async get({ access, input }: Request<typeof Chat.getConversation>) {
    return { conversation: toChatConversationView(await this.conversations.require(access, input.id)) };
  }

  @Handles(Chat.getOrCreateConversation)
  async getOrCreate({ access, input }: Request<typeof Chat.getOrCreateConversation>) {
    return { conversation: toChatConversationView(await this.conversations.getOrCreate(access, input.id)) };
  }

  @Handles(Chat.listConversations)
  async list({ access, input }: Request<typeof Chat.listConversations>) {
    const { conversations, meta } = await this.conversations.list(access, input);
    return { conversations: conversations.map(toChatConversationView), meta };
  }

  @Handles(Chat.deleteConversation)
  delete({ access, input }: Request<typeof Chat.deleteConversation>) {
    return this.conversations.delete(access, input.id);
  }

  @Handles(Chat.listenConversation)
  listen({ access, input }: Request<typeof Chat.listenConversation>) {
    return this.conversations.listen(access, input.id, 'chat');
  }
}
