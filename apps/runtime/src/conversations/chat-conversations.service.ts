import { Injectable } from '@nestjs/common';
import { ChatConversationView, ChatScopedInput, Errors, ListChatConversationsResponse, newId, PageQueryDto } from '@platform/contracts';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { toChatConversationView } from './conversation-view';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';


/** Conversations of a bot as chat users see them: only those they take part in. */
@Injectable()
export class ChatConversationsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
    private readonly signals: ConversationSignals,
  ) {}

  async create(input: ChatScopedInput & { id?: string }): Promise<ChatConversationView> {
    if (!(await this.users.exists(input.botId, input.userId))) throw Errors.notFound('User', input.userId);
    const now = new Date();
    const conversation = {
      botId: input.botId,
      id: input.id ?? newId('conv'),
      integration: 'chat',
      channel: 'channel',
      currentTaskId: null,
      messageCount: 0,
      ownerId: input.userId,
      tags: {},
      createdAt: now,
      updatedAt: now,
    };
    await this.conversations.insertWithOwner(conversation);
    return toChatConversationView(conversation);
  }

  async get(input: ChatScopedInput & { id: string }): Promise<ChatConversationView> {
    return toChatConversationView(await this.requireParticipant(input.botId, input.id, input.userId));
  }

  /** The conversation with this id if the user takes part in it, else a new one under that id. */
  async getOrCreate(input: ChatScopedInput & { id: string }): Promise<ChatConversationView> {
    const existing = await this.conversations.find(input.botId, input.id);
    if (existing) return this.get(input);
    try {
      return await this.create(input);
    } catch (error) {
      // Created concurrently by someone else: answer as if it had existed.
      if ((error as { type?: string }).type === 'AlreadyExists') return this.get(input);
      throw error;
    }
  }

  async list(input: ChatScopedInput & PageQueryDto): Promise<ListChatConversationsResponse> {
    const page = await this.conversations.listForUser(input.botId, input.userId, input);
    return { conversations: page.items.map(toChatConversationView), meta: page.nextToken ? { nextToken: page.nextToken } : {} };
  }

  /** Only the owner deletes a conversation; every listener's stream ends with it. */
  async delete(input: ChatScopedInput & { id: string }): Promise<Record<string, never>> {
    const conversation = await this.requireParticipant(input.botId, input.id, input.userId);
    if (conversation.ownerId !== input.userId) throw Errors.forbidden('Only the owner of a conversation may delete it');
    await this.conversations.delete(input.botId, input.id);
    this.signals.close(input.botId, input.id, 'everyone');
    return {};
  }

  /** The conversation, if the user takes part in it: 404 when absent, 403 for outsiders. */
  async requireParticipant(botId: string, conversationId: string, userId: string): Promise<ConversationEntity> {
    const conversation = await this.conversations.find(botId, conversationId);
    if (!conversation) throw Errors.notFound('Conversation', conversationId);
    if (!(await this.conversations.isParticipant(botId, conversationId, userId))) {
      throw Errors.forbidden(`User '${userId}' is not a participant of conversation '${conversationId}'`);
    }
    return conversation;
  }
}
