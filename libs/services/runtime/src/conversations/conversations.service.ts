import { Injectable } from '@nestjs/common';
import { Errors, newId } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { applyTagChanges, TagChanges } from '../common/tags';
import { ConversationSignals } from '../signals/conversation-signals';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';
import { UserEntity } from '../users/user.entity';

export interface NewConversation {
  botId: string;
  /** Chosen by the caller, else generated. */
  id?: string;
  integration: string | null;
  channel: string;
  /** Users who take part in it from the start. */
  participantIds?: string[];
  tags?: TagChanges;
}

export interface ConversationChanges {
  currentTaskId?: string;
  tags?: TagChanges;
}

/** The rules of a bot's conversations, whichever API (chat or runtime) acts on them. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly signals: ConversationSignals,
  ) {}

  /** A new conversation; a taken id is 409. */
  async create(input: NewConversation): Promise<ConversationEntity> {
    const now = new Date();
    const conversation: ConversationEntity = {
      botId: input.botId,
      id: input.id ?? newId('conv'),
      integration: input.integration,
      channel: input.channel,
      currentTaskId: null,
      messageCount: 0,
      tags: applyTagChanges({}, input.tags),
      createdAt: now,
      updatedAt: now,
    };
    await this.conversations.insert(conversation, input.participantIds ?? []);
    return conversation;
  }

  async require(botId: string, id: string): Promise<ConversationEntity> {
    const conversation = await this.conversations.find(botId, id);
    if (!conversation) throw Errors.notFound('Conversation', id);
    return conversation;
  }

  /**
   * The conversation, if this caller may reach it: 404 when it does not exist, 403 when an
   * integration acts for an end user who does not take part in it.
   */
  async requireFor(access: BotAccess, id: string): Promise<ConversationEntity> {
    return (await this.requireWithAuthor(access, id)).conversation;
  }

  /** The same, with the user `authorId` (null when there is none) read in the same round trip: who writes in it. */
  async requireWithAuthor(access: BotAccess, id: string, authorId?: string): Promise<{ conversation: ConversationEntity; author: UserEntity | null }> {
    const found = await this.conversations.findWithUsers(access.botId, id, { participantId: access.actingUserId, authorId });
    if (!found) throw Errors.notFound('Conversation', id);
    this.requireParticipant(access, id, found.participant);
    return found;
  }

  /** 403 when an integration acts for an end user who does not take part in the conversation (`participant` read with it). */
  requireParticipant(access: BotAccess, conversationId: string, participant: boolean): void {
    if (access.actingUserId && !participant) {
      throw Errors.forbidden(`User '${access.actingUserId}' is not a participant of conversation '${conversationId}'`);
    }
  }

  /** Only the fields given change; tags merge into the current ones. */
  async update(conversation: ConversationEntity, input: ConversationChanges): Promise<ConversationEntity> {
    const changes = {
      ...(input.currentTaskId !== undefined ? { currentTaskId: input.currentTaskId } : {}),
      ...(input.tags !== undefined ? { tags: applyTagChanges(conversation.tags, input.tags) } : {}),
      updatedAt: new Date(),
    };
    await this.conversations.update(conversation.botId, conversation.id, changes);
    return { ...conversation, ...changes };
  }

  /** Deletes the conversation with its participants and messages; every listener's stream ends with it. */
  async delete(botId: string, id: string): Promise<void> {
    if (!(await this.conversations.delete(botId, id))) throw Errors.notFound('Conversation', id);
    this.signals.close(botId, id, 'everyone');
  }
}
