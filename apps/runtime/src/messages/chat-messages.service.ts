import { Injectable } from '@nestjs/common';
import { ChatMessageView, ChatScopedInput, Errors, ListChatMessagesResponse, PageQueryDto } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { UsersService } from '../users/users.service';
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
    private readonly users: UsersService,
  ) {}

  /** A chat user's message: an incoming message of the bot, delivered to its code. */
  async create(input: CreateChatMessageInput): Promise<ChatMessageView> {
    const conversation = await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const author = await this.users.require(input.botId, input.userId);
    const { type, ...payload } = input.payload;
    const message = await this.writer.write({ botId: input.botId, conversation, author, type: String(type), payload, metadata: input.metadata });
    return toChatMessageView(message);
  }

  async get(input: ChatScopedInput & { id: string }): Promise<ChatMessageView> {
    const message = await this.messages.require(input.botId, input.id);
    await this.conversations.requireParticipant(input.botId, message.conversationId, input.userId);
    return toChatMessageView(message);
  }

  async list(input: ChatScopedInput & PageQueryDto & { conversationId: string }): Promise<ListChatMessagesResponse> {
    await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const page = await this.messages.list(input.botId, { conversationId: input.conversationId, nextToken: input.nextToken });
    return { messages: page.items.map(toChatMessageView), meta: pageMeta(page) };
  }

  /** A user deletes only their own messages, in conversations they still take part in. */
  async delete(input: ChatScopedInput & { id: string }): Promise<Record<string, never>> {
    const message = await this.messages.require(input.botId, input.id);
    await this.conversations.requireParticipant(input.botId, message.conversationId, input.userId);
    if (message.userId !== input.userId) throw Errors.forbidden('Only the author of a message may delete it');
    await this.writer.delete(message);
    return {};
  }
}
