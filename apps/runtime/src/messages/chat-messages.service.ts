import { Injectable } from '@nestjs/common';
import { ChatMessageView, ChatScopedInput, Errors, ListChatMessagesResponse, PageQueryDto } from '@platform/contracts';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { toChatMessageView } from './message-view';
import { MessageWriter } from './message-writer';
import { MessagesRepository } from './messages.repository';

export interface CreateChatMessageInput extends ChatScopedInput {
  conversationId: string;
  payload: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

@Injectable()
export class ChatMessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly writer: MessageWriter,
    private readonly conversations: ChatConversationsService,
    private readonly users: UsersRepository,
    private readonly signals: ConversationSignals,
  ) {}

  /** A chat user's message: an incoming message of the bot, delivered to its code. */
  async create(input: CreateChatMessageInput): Promise<ChatMessageView> {
    const conversation = await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const author = await this.users.find(input.botId, input.userId);
    if (!author) throw Errors.notFound('User', input.userId);
    const { type, ...payload } = input.payload;
    const message = await this.writer.write({ botId: input.botId, conversation, author, type: String(type), payload, metadata: input.metadata });
    return toChatMessageView(message);
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
    await this.messages.delete(message);
    this.signals.emit(input.botId, message.conversationId, {
      type: 'message_deleted',
      data: { id: message.id, conversationId: message.conversationId, userId: message.userId },
    });
    return {};
  }
}
