import { Injectable } from '@nestjs/common';
import { Errors, ListMetaDto, PageQueryDto, RuntimeOperations as Runtime, RuntimeUserView } from '@platform/contracts';
import { ChatAccess } from '../access/chat-access.policy';
import { ConversationsService, OWNER_TAG } from '../conversations/conversations.service';
import { RuntimeClient } from '../runtime/runtime-client';

/** Who takes part in a conversation; only participants may see or change it (the runtime checks). */
@Injectable()
export class ParticipantsService {
  constructor(
    private readonly runtime: RuntimeClient,
    private readonly conversations: ConversationsService,
  ) {}

  async add(access: ChatAccess, conversationId: string, userId: string): Promise<RuntimeUserView> {
    return (await this.runtime.call(Runtime.addParticipant, access, { params: { id: conversationId }, body: { userId } })).participant;
  }

  async get(access: ChatAccess, conversationId: string, userId: string): Promise<RuntimeUserView> {
    return (await this.runtime.call(Runtime.getParticipant, access, { params: { id: conversationId, userId } })).participant;
  }

  list(access: ChatAccess, conversationId: string, query: PageQueryDto): Promise<{ participants: RuntimeUserView[]; meta: ListMetaDto }> {
    return this.runtime.call(Runtime.listParticipants, access, { params: { id: conversationId }, query: { nextToken: query.nextToken } });
  }

  /** A chat user may not remove the owner of a conversation. */
  async remove(access: ChatAccess, conversationId: string, userId: string): Promise<Record<string, never>> {
    const conversation = await this.conversations.require(access, conversationId);
    if (conversation.tags[OWNER_TAG] === userId) throw Errors.invalidPayload('The owner of a conversation cannot be removed from it');
    await this.runtime.call(Runtime.removeParticipant, access, { params: { id: conversationId, userId } });
    return {};
  }
}
