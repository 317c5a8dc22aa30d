import { Injectable } from '@nestjs/common';
import {
  Errors,
  InternalOperations as Internal,
  ListMetaDto,
  PageQueryDto,
  RuntimeConversationView,
  RuntimeOperations as Runtime,
  StreamGrant,
  Subjects,
} from '@platform/contracts';
import { ChatAccess } from '../access/chat-access.policy';
import { RuntimeClient } from '../runtime/runtime-client';
import { notFoundAsUndefined } from '../users/users.service';

/** A chat conversation is a runtime conversation of the `channel` channel; its creator is its `owner` tag. */
export const OWNER_TAG = 'owner';

@Injectable()
export class ConversationsService {
  constructor(private readonly runtime: RuntimeClient) {}

  /** A conversation owned by the user, who takes part in it from the start. */
  async create(access: ChatAccess, id?: string): Promise<RuntimeConversationView> {
    const { conversation } = (await this.runtime.call(Internal.createIntegrationConversation, access, {
      body: {
        ...(id !== undefined ? { id } : {}),
        channel: 'channel',
        integrationName: 'chat',
        tags: { [OWNER_TAG]: access.userId },
        participantIds: [access.userId],
      },
    })) as { conversation: RuntimeConversationView };
    return conversation;
  }

  /** The conversation with this id if the user takes part in it, else a new one under that id. */
  async getOrCreate(access: ChatAccess, id: string): Promise<RuntimeConversationView> {
    const existing = await this.runtime.call(Runtime.getConversation, access, { params: { id } }).catch(notFoundAsUndefined);
    if (existing) return existing.conversation;
    try {
      return await this.create(access, id);
    } catch (error) {
      // Created concurrently by someone else: answer as if it had existed.
      if ((error as { type?: string }).type === 'AlreadyExists') return this.require(access, id);
      throw error;
    }
  }

  /** The conversations the user takes part in, newest first. */
  async list(access: ChatAccess, query: PageQueryDto): Promise<{ conversations: RuntimeConversationView[]; meta: ListMetaDto }> {
    return this.runtime.call(Runtime.listConversations, access, { query: { nextToken: query.nextToken } });
  }

  /** Only the owner deletes a conversation. */
  async delete(access: ChatAccess, id: string): Promise<Record<string, never>> {
    const conversation = await this.require(access, id);
    if (conversation.tags[OWNER_TAG] !== access.userId) throw Errors.forbidden('Only the owner of a conversation may delete it');
    await this.runtime.call(Runtime.deleteConversation, access, { params: { id } });
    return {};
  }

  /**
   * A participant's live stream of the conversation: the gateway relays its notices as the
   * signals of the API that asked (`api`), and checks the grant again whenever the webhook changes.
   */
  async listen(access: ChatAccess, id: string, api: StreamGrant['api']): Promise<StreamGrant> {
    const conversation = await this.require(access, id);
    return this.grant(access, conversation.id, api);
  }

  grant(access: ChatAccess, conversationId: string, api: StreamGrant['api']): StreamGrant {
    return {
      botId: access.webhook.botId,
      conversationId,
      userId: access.userId,
      subject: Subjects.signals(access.webhook.botId, conversationId),
      api,
      webhookId: access.webhook.webhookId,
      userKey: access.userKey,
    };
  }

  /** The runtime answers 404 for a conversation that does not exist, 403 if the user takes no part in it. */
  async require(access: ChatAccess, id: string): Promise<RuntimeConversationView> {
    return (await this.runtime.call(Runtime.getConversation, access, { params: { id } })).conversation;
  }
}
