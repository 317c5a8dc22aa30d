import { Injectable } from '@nestjs/common';
import { ChatMessageView, ChatScopedInput, Errors, newId } from '@platform/contracts';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { MessageEntity } from './message.entity';
import { MessagesRepository } from './messages.repository';

export function toChatMessageView(m: MessageEntity): ChatMessageView {
  return {
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    payload: m.payload,
    userId: m.userId,
    conversationId: m.conversationId,
    ...(m.metadata !== null ? { metadata: m.metadata } : {}),
  };
}

export interface CreateChatMessageInput extends ChatScopedInput {
  conversationId: string;
  payload: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

@Injectable()
export class ChatMessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly conversations: ChatConversationsService,
  ) {}

  async create(input: CreateChatMessageInput): Promise<ChatMessageView> {
    await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const now = new Date();
    const message: MessageEntity = {
      botId: input.botId,
      id: newId('msg'),
      conversationId: input.conversationId,
      userId: input.userId,
      direction: 'incoming',
      type: String(input.payload.type),
      payload: input.payload,
      metadata: input.metadata ?? null,
      tags: {},
      createdAt: now,
      updatedAt: now,
    };
    await this.messages.insert(message);
    return toChatMessageView(message);
  }

  async get(input: ChatScopedInput & { id: string }): Promise<ChatMessageView> {
    const message = await this.messages.find(input.botId, input.id);
    if (!message) throw Errors.notFound('Message', input.id);
    await this.conversations.requireParticipant(input.botId, message.conversationId, input.userId);
    return toChatMessageView(message);
  }
}
