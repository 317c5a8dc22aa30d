import { Injectable } from '@nestjs/common';
import { CreateMessageBody, Errors, RuntimeCaller, RuntimeMessageResponse } from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { UsersRepository } from '../users/users.repository';
import { toRuntimeMessageView } from './message-view';
import { MessageWriter } from './message-writer';
import { MessagesRepository } from './messages.repository';

/** Messages through the runtime API, as bots and integrations read and write them. */
@Injectable()
export class BotMessagesService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
    private readonly messages: MessagesRepository,
    private readonly writer: MessageWriter,
  ) {}

  /** Written as the bot's own user it is outgoing (a reply); as another user, incoming. */
  async create(caller: RuntimeCaller, input: CreateMessageBody): Promise<RuntimeMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    const conversation = await this.conversations.find(botId, input.conversationId);
    if (!conversation) throw Errors.notFound('Conversation', input.conversationId);
    const author = input.userId === botId ? { id: botId } : await this.users.find(botId, input.userId);
    if (!author) throw Errors.notFound('User', input.userId);
    const message = await this.writer.write({ botId, conversation, author, type: input.type, payload: input.payload, tags: input.tags });
    return { message: toRuntimeMessageView(message) };
  }

  async get(caller: RuntimeCaller, id: string): Promise<RuntimeMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    const message = await this.messages.find(botId, id);
    if (!message) throw Errors.notFound('Message', id);
    return { message: toRuntimeMessageView(message) };
  }
}
