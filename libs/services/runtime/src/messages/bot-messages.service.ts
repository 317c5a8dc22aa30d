import { Injectable } from '@nestjs/common';
import {
  CreateMessageBody,
  Errors,
  GetOrCreateMessageBody,
  GetOrCreateMessageResponse,
  ImportMessagesBody,
  ImportMessagesResponse,
  ListMessagesQuery,
  ListMessagesResponse,
  RecentMessagesQuery,
  RuntimeMessageResponse,
  UpdateMessageBody,
} from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { GetOrCreate } from '../common/get-or-create';
import { tagMatch } from '../common/tags';
import { ConversationsService } from '../conversations/conversations.service';
import { toRuntimeMessageView } from './message-view';
import { MessageWriter, NewMessage } from './message-writer';
import { MessageEntity } from './message.entity';
import { MessagesRepository } from './messages.repository';
import { pageMeta } from '@platform/persistence';
import { dueTime } from '../schedules/due-time';
import { ScheduledMessageBody, SchedulesRepository } from '../schedules/schedules.repository';

/** Messages through the runtime API, as bots and integrations read and write them. */
@Injectable()
export class BotMessagesService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly messages: MessagesRepository,
    private readonly writer: MessageWriter,
    private readonly getOrCreateRule: GetOrCreate,
    private readonly schedules: SchedulesRepository,
  ) {}

  async create(access: BotAccess, input: CreateMessageBody): Promise<RuntimeMessageResponse> {
    const dueAt = input.schedule ? dueTime(input.schedule) : undefined;
    const draft = this.newMessage(access, input);
    if (dueAt) {
      await this.requireWriter(access, draft);
      return this.schedule(draft, input, dueAt);
    }
    const message = await this.written(access, draft, () => this.writer.write(draft));
    return { message: toRuntimeMessageView(message) };
  }

  /**
   * A scheduled message is checked now and created when due, under the id answered now; the
   * answer shows it as it will be, created at its due time. Until then it is not in the
   * conversation.
   */
  private async schedule(draft: NewMessage, input: CreateMessageBody, dueAt: Date): Promise<RuntimeMessageResponse> {
    const { message } = this.writer.compose(draft, undefined, dueAt);
    const body: ScheduledMessageBody = {
      conversationId: input.conversationId,
      userId: input.userId,
      type: input.type,
      payload: input.payload,
      tags: message.tags,
    };
    await this.schedules.insert({ botId: draft.botId, id: message.id, kind: 'message', dueAt, body: body as unknown as Record<string, unknown> });
    return { message: toRuntimeMessageView(message) };
  }

  async get(access: BotAccess, id: string): Promise<RuntimeMessageResponse> {
    return { message: toRuntimeMessageView(await this.requireMessage(access, id)) };
  }

  /** An integration acting for an end user lists the messages of one of their conversations only. */
  async list(access: BotAccess, query: ListMessagesQuery): Promise<ListMessagesResponse> {
    if (access.actingUserId && !query.conversationId) throw Errors.invalidPayload('conversationId is required when acting for a user');
    return this.page(access, query, 'asc');
  }

  /** The messages of one conversation, newest first; acting for a user, only in their conversations. */
  listRecent(access: BotAccess, query: RecentMessagesQuery): Promise<ListMessagesResponse> {
    return this.page(access, query, 'desc');
  }

  /**
   * A page of the messages, read with the acting user's part in their conversation (one round
   * trip). An empty page may mean the conversation is not theirs, or not there: a read then says
   * which (403, 404).
   */
  private async page(access: BotAccess, query: ListMessagesQuery, direction: 'asc' | 'desc'): Promise<ListMessagesResponse> {
    const page = await this.messages.list(access.botId, { ...query, participantId: access.actingUserId }, direction);
    if (access.actingUserId && page.items.length === 0) await this.conversations.requireFor(access, query.conversationId!);
    return { messages: page.items.map(toRuntimeMessageView), meta: pageMeta(page) };
  }

  /** Messages are looked up in the conversation the request names. */
  async getOrCreate(access: BotAccess, input: GetOrCreateMessageBody): Promise<GetOrCreateMessageResponse> {
    const { botId } = access;
    const draft = this.newMessage(access, { ...input, payload: input.payload ?? {} });
    const match = tagMatch(input.tags, input.discriminateByTags);
    const { item, created } = await this.getOrCreateRule.run(input.tags, {
      key: ['message', botId, input.conversationId, match],
      find: () => this.messages.findByTags(botId, input.conversationId, match),
      create: () => this.written(access, draft, () => this.writer.write(draft)),
      retag: (message, tags) => this.writer.update(message, { tags }),
    });
    return { message: toRuntimeMessageView(item), meta: { created } };
  }

  /**
   * Messages from elsewhere, with their original time: each is created unless its tags (and
   * discriminateByTags) match a message of its conversation; with empty tags or an empty
   * discriminateByTags it is always created. History is not news: no event goes to the bot.
   * Every message is checked (conversation, author) before any is written.
   */
  async import(access: BotAccess, input: ImportMessagesBody): Promise<ImportMessagesResponse> {
    const { botId } = access;
    const drafts = [];
    for (const item of input.messages) {
      const createdAt = new Date(item.createdAt);
      if (Number.isNaN(createdAt.getTime())) throw Errors.invalidPayload(`createdAt '${item.createdAt}' is not a date`);
      const draft = this.newMessage(access, item);
      await this.requireWriter(access, draft);
      drafts.push({ item, createdAt, draft });
    }
    const answered: MessageEntity[] = [];
    for (const { item, createdAt, draft } of drafts) {
      const alwaysNew = Object.keys(item.tags).length === 0 || item.discriminateByTags?.length === 0;
      const match = tagMatch(item.tags, item.discriminateByTags);
      const create = () => this.written(access, draft, () => this.writer.writeImported(draft, createdAt));
      const { item: message } = alwaysNew
        ? { item: await create() }
        : await this.getOrCreateRule.run(item.tags, {
            key: ['message', botId, item.conversationId, match],
            find: () => this.messages.findByTags(botId, item.conversationId, match),
            create,
            retag: (found) => Promise.resolve(found),
          });
      answered.push(message);
    }
    return { messages: answered.map(toRuntimeMessageView) };
  }

  async update(access: BotAccess, id: string, input: UpdateMessageBody): Promise<RuntimeMessageResponse> {
    const message = await this.requireMessage(access, id);
    return { message: toRuntimeMessageView(await this.writer.update(message, input)) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    await this.writer.delete(await this.requireMessage(access, id));
    return {};
  }

  /** The message, if the caller may reach its conversation (read with it when acting for a user). */
  private async requireMessage(access: BotAccess, id: string): Promise<MessageEntity> {
    if (!access.actingUserId) return this.messages.require(access.botId, id);
    const { message, participant } = await this.messages.requireWithParticipant(access.botId, id, access.actingUserId);
    this.conversations.requireParticipant(access, message.conversationId, participant);
    return message;
  }

  /**
   * A message to write in an existing conversation by an existing author, checked when written
   * (`MessageWriter`). Written as the bot's own user it is outgoing (a reply); as another user,
   * incoming.
   */
  private newMessage(
    access: BotAccess,
    input: Pick<CreateMessageBody, 'conversationId' | 'userId' | 'type' | 'payload'> & Pick<NewMessage, 'tags'>,
  ): NewMessage {
    if (access.actingUserId && input.userId !== access.actingUserId) {
      throw Errors.forbidden(`An integration acting for user '${access.actingUserId}' writes as that user only`);
    }
    return {
      botId: access.botId,
      conversationId: input.conversationId,
      authorId: input.userId,
      participantId: access.actingUserId,
      type: input.type,
      payload: input.payload,
      tags: input.tags,
    };
  }

  /**
   * The message `write` wrote. A write that found its conversation, its author or the acting
   * user's part in it missing wrote nothing: reading them says which (404, 403). Should they all
   * be there by then (made meanwhile), the message is written again.
   */
  private async written(access: BotAccess, draft: NewMessage, write: () => Promise<MessageEntity | undefined>): Promise<MessageEntity> {
    const message = (await write()) ?? (await this.requireWriter(access, draft).then(write));
    if (!message) throw Errors.notFound('Conversation', draft.conversationId);
    return message;
  }

  /** 404 unless the conversation and the author (other than the bot's own user) are there; 403 unless the acting user takes part. */
  private async requireWriter(access: BotAccess, draft: NewMessage): Promise<void> {
    const ownUser = draft.authorId === access.botId;
    const { author } = await this.conversations.requireWithAuthor(access, draft.conversationId, ownUser ? undefined : draft.authorId);
    if (!ownUser && !author) throw Errors.notFound('User', draft.authorId);
  }
}
