import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Errors, SortDirection, SortField } from '@platform/contracts';
import {
  columnsOf,
  findByKey,
  insertStatement,
  isForeignKeyViolation,
  isUniqueViolation,
  ListQuery,
  Page,
  oneStatement,
  PageQuery,
  queryRows,
  runStatement,
  tableOf,
  toEntity,
} from '@platform/persistence';
import { DateRange, whereDateRange, whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { ConversationEntity } from './conversation.entity';
import { ParticipantEntity } from './participant.entity';
import { UserEntity } from '../users/user.entity';

/**
 * The SQL condition that the user of the placeholder takes part in the conversation whose bot and
 * id the two column expressions name: a statement reading a conversation, or something of one,
 * for an end user checks it in the same round trip.
 */
export function takesPart(manager: EntityManager, botColumn: string, conversationColumn: string, userPlaceholder: string): string {
  return `EXISTS (SELECT 1 FROM ${tableOf(manager, ParticipantEntity)} p WHERE p."bot_id" = ${botColumn} AND p."conversation_id" = ${conversationColumn} AND p."user_id" = ${userPlaceholder})`;
}

/** Prefix of the author's columns where they share a row with the conversation's. */
const AUTHOR = 'author_';

export interface ConversationFilter extends PageQuery, DateRange {
  tags?: TagMatch;
  /** Conversations every one of these users takes part in. */
  participantIds?: string[];
  integrationName?: string;
  channel?: string;
  minMessageCount?: number;
  maxMessageCount?: number;
  sortField?: SortField;
  sortDirection?: SortDirection;
}

@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectRepository(ParticipantEntity) private readonly participants: Repository<ParticipantEntity>,
  ) {}

  find(botId: string, id: string): Promise<ConversationEntity | null> {
    return findByKey(this.conversations.manager, ConversationEntity, { botId, id });
  }

  /**
   * The conversation with, in the same round trip, whether `participantId` takes part in it and
   * the user `authorId` (null when there is none): every call of the chat API reads a
   * conversation for a user, and every new message its author too.
   */
  async findWithUsers(
    botId: string,
    id: string,
    users: { participantId?: string; authorId?: string },
  ): Promise<{ conversation: ConversationEntity; participant: boolean; author: UserEntity | null } | null> {
    const manager = this.conversations.manager;
    const rows = (await queryRows(
      manager,
      `SELECT ${columnsOf(manager, ConversationEntity, 'c')}, ${takesPart(manager, 'c."bot_id"', 'c."id"', '$3')} AS "participant",
         u."id" IS NOT NULL AS "has_author", ${columnsOf(manager, UserEntity, 'u', AUTHOR)}
       FROM ${tableOf(manager, ConversationEntity)} c
       LEFT JOIN ${tableOf(manager, UserEntity)} u ON u."bot_id" = c."bot_id" AND u."id" = $4
       WHERE c."bot_id" = $1 AND c."id" = $2`,
      [botId, id, users.participantId ?? '', users.authorId ?? ''],
    )) as (Record<string, unknown> & { participant: boolean; has_author: boolean })[];
    const row = rows[0];
    if (!row) return null;
    return {
      conversation: toEntity(manager, ConversationEntity, row),
      participant: row.participant,
      author: row.has_author ? toEntity(manager, UserEntity, row, AUTHOR) : null,
    };
  }

  async isParticipant(botId: string, conversationId: string, userId: string): Promise<boolean> {
    return (await this.participants.count({ where: { botId, conversationId, userId } })) > 0;
  }

  /**
   * Inserts the conversation with its first participants, all or nothing, in one statement (one
   * round trip, where a transaction took one per row plus BEGIN and COMMIT); a taken id is 409,
   * an unknown user 404.
   */
  async insert(conversation: ConversationEntity, participantIds: string[]): Promise<void> {
    const manager = this.conversations.manager;
    const participants: ParticipantEntity[] = participantIds.map((userId) => ({
      botId: conversation.botId,
      conversationId: conversation.id,
      userId,
      createdAt: conversation.createdAt,
    }));
    const writes = [insertStatement(manager, ConversationEntity, [conversation])];
    if (participants.length > 0) writes.push(insertStatement(manager, ParticipantEntity, participants));
    try {
      await runStatement(manager, oneStatement(writes));
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.alreadyExists('Conversation', conversation.id);
      if (isForeignKeyViolation(error)) throw Errors.notFound('User', participantIds.join(', '));
      throw error;
    }
  }

  async update(botId: string, id: string, changes: Partial<Pick<ConversationEntity, 'tags' | 'currentTaskId' | 'updatedAt'>>): Promise<void> {
    await this.conversations.update({ botId, id }, changes);
  }

  /** The bot's conversations matching every given filter, newest first unless asked otherwise. */
  list(botId: string, filter: ConversationFilter): Promise<Page<ConversationEntity>> {
    const query = this.query().whereEquals('botId', botId).whereEquals('integration', filter.integrationName).whereEquals('channel', filter.channel);
    for (const userId of filter.participantIds ?? []) query.where(takesPart(this.conversations.manager, 'c."bot_id"', 'c."id"', query.param(userId)));
    if (filter.minMessageCount !== undefined) query.where(`c."message_count" >= ${query.param(filter.minMessageCount)}`);
    if (filter.maxMessageCount !== undefined) query.where(`c."message_count" <= ${query.param(filter.maxMessageCount)}`);
    whereTags(query, filter.tags);
    whereDateRange(query, 'createdAt', filter);
    return query.page({ sortProperty: filter.sortField ?? 'createdAt', direction: filter.sortDirection ?? 'desc' }, filter);
  }

  /** The oldest conversation of this integration (null: of none) and channel whose tags match. */
  findByTags(botId: string, integration: string | null, channel: string, match: TagMatch): Promise<ConversationEntity | null> {
    const query = this.query().whereEquals('botId', botId).whereEquals('channel', channel);
    query.where(integration === null ? 'c."integration" IS NULL' : `c."integration" = ${query.param(integration)}`);
    return whereTags(query, match).first('createdAt');
  }

  /** Deletes the conversation; its participants and messages go with it (foreign keys). False when absent. */
  async delete(botId: string, id: string): Promise<boolean> {
    return ((await this.conversations.delete({ botId, id })).affected ?? 0) > 0;
  }

  /** Adds a participant; false when the user already was one. */
  async addParticipant(participant: ParticipantEntity): Promise<boolean> {
    const result = await this.participants.createQueryBuilder().insert().into(ParticipantEntity).values(participant).orIgnore().returning('user_id').execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** Removes a participant; false when the user was not one. */
  async removeParticipant(botId: string, conversationId: string, userId: string): Promise<boolean> {
    const result = await this.participants.delete({ botId, conversationId, userId });
    return (result.affected ?? 0) > 0;
  }

  /** Participants in the order they joined. */
  listParticipants(botId: string, conversationId: string, page: PageQuery): Promise<Page<ParticipantEntity>> {
    const query = new ListQuery(this.participants.manager, ParticipantEntity, 'p').whereEquals('botId', botId).whereEquals('conversationId', conversationId);
    return query.page({ sortProperty: 'createdAt', idProperty: 'userId' }, page);
  }

  private query(): ListQuery<ConversationEntity> {
    return new ListQuery(this.conversations.manager, ConversationEntity, 'c');
  }
}
