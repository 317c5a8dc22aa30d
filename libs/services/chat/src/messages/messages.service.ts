import { Injectable } from '@nestjs/common';
import { Errors, InternalOperations as Internal, ListMetaDto, PageQueryDto, RuntimeMessageView, RuntimeOperations as Runtime } from '@platform/contracts';
import { ChatAccess } from '../access/chat-access.policy';
import { RuntimeClient } from '../runtime/runtime-client';

type MessagePage = { messages: RuntimeMessageView[]; meta: ListMetaDto };

/** A chat user's messages are incoming runtime messages of the conversation, written as that user. */
@Injectable()
export class MessagesService {
  constructor(private readonly runtime: RuntimeClient) {}

  /** `message` is already in the runtime's shape (each API maps its own payloads first). */
  async create(
    access: ChatAccess,
    conversationId: string,
    message: { type: string; payload: Record<string, unknown> },
    tags: Record<string, string> = {},
  ): Promise<RuntimeMessageView> {
    const { message: created } = await this.runtime.call(Runtime.createMessage, access, {
      body: { conversationId, userId: access.userId, type: message.type, payload: message.payload, tags },
    });
    return created;
  }

  async get(access: ChatAccess, id: string): Promise<RuntimeMessageView> {
    return (await this.runtime.call(Runtime.getMessage, access, { params: { id } })).message;
  }

  /** The messages of a conversation the user takes part in, in creation order. */
  list(access: ChatAccess, conversationId: string, query: PageQueryDto): Promise<MessagePage> {
    return this.runtime.call(Runtime.listMessages, access, { query: { conversationId, nextToken: query.nextToken } });
  }

  /** The same, newest first. */
  listRecent(access: ChatAccess, conversationId: string, query: PageQueryDto): Promise<MessagePage> {
    return this.runtime.call(Internal.listRecentMessages, access, { body: { conversationId, nextToken: query.nextToken } }) as Promise<MessagePage>;
  }

  /** Replaces the payload or changes tags of a message: payload edits only by its author. */
  async update(
    access: ChatAccess,
    id: string,
    changes: { payload?: Record<string, unknown>; tags?: Record<string, string | null> },
  ): Promise<RuntimeMessageView> {
    if (changes.payload !== undefined) await this.requireAuthor(access, id, 'edit');
    const { message } = await this.runtime.call(Runtime.updateMessage, access, { params: { id }, body: changes });
    return message;
  }

  /** A user deletes only their own messages, in conversations they still take part in. */
  async delete(access: ChatAccess, id: string): Promise<Record<string, never>> {
    await this.requireAuthor(access, id, 'delete');
    await this.runtime.call(Runtime.deleteMessage, access, { params: { id } });
    return {};
  }

  async requireAuthor(access: ChatAccess, id: string, action: string): Promise<RuntimeMessageView> {
    const message = await this.get(access, id);
    if (message.userId !== access.userId) throw Errors.forbidden(`Only the author of a message may ${action} it`);
    return message;
  }
}
