import { Injectable } from '@nestjs/common';
import {
  CreateMessageBody,
  GetOrCreateMessageBody,
  GetOrCreateMessageResponse,
  ListMessagesQuery,
  ListMessagesResponse,
  RuntimeCaller,
  RuntimeMessageResponse,
  UpdateMessageBody,
} from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { GetOrCreate } from '../common/get-or-create';
import { tagMatch } from '../common/tags';
import { ConversationsService } from '../conversations/conversations.service';
import { UsersService } from '../users/users.service';
import { toRuntimeMessageView } from './message-view';
import { MessageWriter, NewMessage } from './message-writer';
import { MessagesRepository } from './messages.repository';
import { pageMeta } from '@platform/persistence';

/** Messages through the runtime API, as bots and integrations read and write them. */
@Injectable()
export class BotMessagesService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly conversations: ConversationsService,
    private readonly users: UsersService,
    private readonly messages: MessagesRepository,
    private readonly writer: MessageWriter,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  async create(caller: RuntimeCaller, input: CreateMessageBody): Promise<RuntimeMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    const message = await this.writer.write(await this.newMessage(botId, input));
    return { message: toRuntimeMessageView(message) };
  }

  async get(caller: RuntimeCaller, id: string): Promise<RuntimeMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    return { message: toRuntimeMessageView(await this.messages.require(botId, id)) };
  }

  async list(caller: RuntimeCaller, query: ListMessagesQuery): Promise<ListMessagesResponse> {
    const { botId } = await this.access.authorize(caller);
    const page = await this.messages.list(botId, query);
    return { messages: page.items.map(toRuntimeMessageView), meta: pageMeta(page) };
  }

  /** Messages are looked up in the conversation the request names. */
  async getOrCreate(caller: RuntimeCaller, input: GetOrCreateMessageBody): Promise<GetOrCreateMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    const draft = await this.newMessage(botId, { ...input, payload: input.payload ?? {} });
    const match = tagMatch(input.tags, input.discriminateByTags);
    const { item, created } = await this.getOrCreateRule.run(input.tags, {
      key: ['message', botId, input.conversationId, match],
      find: () => this.messages.findByTags(botId, input.conversationId, match),
      create: () => this.writer.write(draft),
      retag: (message, tags) => this.writer.update(message, { tags }),
    });
    return { message: toRuntimeMessageView(item), meta: { created } };
  }

  async update(caller: RuntimeCaller, id: string, input: UpdateMessageBody): Promise<RuntimeMessageResponse> {
    const { botId } = await this.access.authorize(caller);
    const message = await this.messages.require(botId, id);
    return { message: toRuntimeMessageView(await this.writer.update(message, input)) };
  }

  async delete(caller: RuntimeCaller, id: string): Promise<Record<string, never>> {
    const { botId } = await this.access.authorize(caller);
    await this.writer.delete(await this.messages.require(botId, id));
    return {};
  }

  /**
   * A message of an existing conversation by an existing author. Written as the bot's own user
   * it is outgoing (a reply); as another user, incoming.
   */
  private async newMessage(botId: string, input: Pick<CreateMessageBody, 'conversationId' | 'userId' | 'type' | 'payload'> & Pick<NewMessage, 'tags'>): Promise<NewMessage> {
    const conversation = await this.conversations.require(botId, input.conversationId);
    const author = input.userId === botId ? { id: botId } : await this.users.require(botId, input.userId);
    return { botId, conversation, author, type: input.type, payload: input.payload, tags: input.tags };
  }
}
