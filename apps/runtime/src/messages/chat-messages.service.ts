import { Injectable } from '@nestjs/common';
import { ChatMessageView, ChatScopedInput, Errors, ListChatMessagesResponse, newId, PageQueryDto } from '@platform/contracts';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { EventEntity } from '../events/event.entity';
import { ConversationSignals } from '../signals/conversation-signals';
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

/** Type of the runtime event recording a new message (DESIGN §7). */
export const MESSAGE_CREATED = 'message_created';

@Injectable()
export class ChatMessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly conversations: ChatConversationsService,
    private readonly signals: ConversationSignals,
  ) {}

  /** A chat user's message: stored with its incoming `message_created` event, then signalled. */
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
    const event: EventEntity = {
      botId: input.botId,
      id: newId('evt'),
      type: MESSAGE_CREATED,
      direction: 'incoming',
      conversationId: message.conversationId,
      userId: message.userId,
      messageId: message.id,
      integration: 'chat',
      payload: { ...toChatMessageView(message) },
      status: 'pending',
      failureReason: null,
      createdAt: now,
    };
    await this.messages.insertWithEvent(message, event);
    const view = toChatMessageView(message);
    this.signals.emit(input.botId, input.conversationId, { type: 'message_created', data: { ...view, isBot: false } });
    return view;
  }

  async get(input: ChatScopedInput & { id: string }): Promise<ChatMessageView> {
    const message = await this.messages.find(input.botId, input.id);
    if (!message) throw Errors.notFound('Message', input.id);
    await this.conversations.requireParticipant(input.botId, message.conversationId, input.userId);
    return toChatMessageView(message);
  }

  async list(input: ChatScopedInput & PageQueryDto & { conversationId: string }): Promise<ListChatMessagesResponse> {
    await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const page = await this.messages.listForConversation(input.botId, input.conversationId, input);
    return { messages: page.items.map(toChatMessageView), meta: page.nextToken ? { nextToken: page.nextToken } : {} };
  }

  /** A user deletes only their own messages, in conversations they still take part in. */
  async delete(input: ChatScopedInput & { id: string }): Promise<Record<string, never>> {
    const message = await this.messages.find(input.botId, input.id);
    if (!message) throw Errors.notFound('Message', input.id);
    await this.conversations.requireParticipant(input.botId, message.conversationId, input.userId);
    if (message.userId !== input.userId) throw Errors.forbidden('Only the author of a message may delete it');
    await this.messages.delete(input.botId, input.id);
    this.signals.emit(input.botId, message.conversationId, {
      type: 'message_deleted',
      data: { id: message.id, conversationId: message.conversationId, userId: message.userId },
    });
    return {};
  }
}
