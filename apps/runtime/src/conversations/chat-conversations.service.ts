import { Injectable } from '@nestjs/common';
import { ChatConversationView, ChatScopedInput, Errors, ListChatConversationsResponse, PageQueryDto } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { UsersService } from '../users/users.service';
import { toChatConversationView } from './conversation-view';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

/** Conversations of a bot as chat users see them: only those they take part in. */
@Injectable()
export class ChatConversationsService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly repository: ConversationsRepository,
    private readonly users: UsersService,
  ) {}

  async create(input: ChatScopedInput & { id?: string }): Promise<ChatConversationView> {
    await this.users.require(input.botId, input.userId);
    const conversation = await this.conversations.create({ botId: input.botId, id: input.id, integration: 'chat', channel: 'channel', ownerId: input.userId });
    return toChatConversationView(conversation);
  }

  async get(input: ChatScopedInput & { id: string }): Promise<ChatConversationView> {
    return toChatConversationView(await this.requireParticipant(input.botId, input.id, input.userId));
  }

  /** The conversation with this id if the user takes part in it, else a new one under that id. */
  async getOrCreate(input: ChatScopedInput & { id: string }): Promise<ChatConversationView> {
    const existing = await this.repository.find(input.botId, input.id);
    if (existing) return this.get(input);
    try {
      return await this.create(input);
    } catch (error) {
      // Created concurrently by someone else: answer as if it had existed.
      if ((error as { type?: string }).type === 'AlreadyExists') return this.get(input);
      throw error;
    }
  }

  /** The conversations the user takes part in, newest first. */
  async list(input: ChatScopedInput & PageQueryDto): Promise<ListChatConversationsResponse> {
    const page = await this.repository.list(input.botId, { participantIds: [input.userId], nextToken: input.nextToken });
    return { conversations: page.items.map(toChatConversationView), meta: pageMeta(page) };
  }

  /** Only the owner deletes a conversation. */
  async delete(input: ChatScopedInput & { id: string }): Promise<Record<string, never>> {
    const conversation = await this.requireParticipant(input.botId, input.id, input.userId);
    if (conversation.ownerId !== input.userId) throw Errors.forbidden('Only the owner of a conversation may delete it');
    await this.conversations.delete(input.botId, input.id);
    return {};
  }

  /** The conversation, if the user takes part in it: 404 when absent, 403 for outsiders. */
  async requireParticipant(botId: string, conversationId: string, userId: string): Promise<ConversationEntity> {
    const conversation = await this.conversations.require(botId, conversationId);
    if (!(await this.repository.isParticipant(botId, conversationId, userId))) {
      throw Errors.forbidden(`User '${userId}' is not a participant of conversation '${conversationId}'`);
    }
    return conversation;
  }
}
