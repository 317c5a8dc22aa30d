import { Injectable } from '@nestjs/common';
import { ChatConversationView, ChatScopedInput, Errors, newId } from '@platform/contracts';
import { UsersRepository } from '../users/users.repository';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';

export function toChatConversationView(c: ConversationEntity): ChatConversationView {
  return { id: c.id, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

@Injectable()
export class ChatConversationsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
  ) {}

  async create(input: ChatScopedInput & { id?: string }): Promise<ChatConversationView> {
    if (!(await this.users.exists(input.botId, input.userId))) throw Errors.notFound('User', input.userId);
    const now = new Date();
    const conversation = {
      botId: input.botId,
      id: input.id ?? newId('conv'),
      integration: 'chat',
      ownerId: input.userId,
      tags: {},
      createdAt: now,
      updatedAt: now,
    };
    await this.conversations.insertWithOwner(conversation);
    return toChatConversationView(conversation);
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
