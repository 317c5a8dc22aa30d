import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
import {
  columnsOf,
  findByKey,
  insertStatement,
  ListQuery,
  oneStatement,
  Page,
  PageQuery,
  queryRows,
  runStatement,
  tableOf,
  toEntity,
} from '@platform/persistence';
import { DateRange, whereDateRange, whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { ConversationEntity } from '../conversations/conversation.entity';
import { takesPart } from '../conversations/conversations.repository';
import { LaneLease } from '../delivery/lanes';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { MessageEntity } from './message.entity';

const notFound = (id: string) => Errors.notFound('Message', id);

export interface MessageFilter extends PageQuery, DateRange {
  conversationId?: string;
  tags?: TagMatch;
}

@Injectable()
export class MessagesRepository {
  constructor(
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    private readonly events: EventsRepository,
  ) {}

  find(botId: string, id: string): Promise<MessageEntity | null> {
    return findByKey(this.messages.manager, MessageEntity, { botId, id });
  }

  /**
   * The message and whether the user takes part in its conversation, read in one round trip (an
   * integration acting for an end user reaches only their conversations); 404 when there is no
   * such message.
   */
  async requireWithParticipant(botId: string, id: string, userId: string): Promise<{ message: MessageEntity; participant: boolean }> {
    const manager = this.messages.manager;
    const rows = (await queryRows(
      manager,
      `SELECT ${columnsOf(manager, MessageEntity, 'm')}, ${takesPart(manager, 'm."bot_id"', 'm."conversation_id"', '$3')} AS "participant"
       FROM ${tableOf(manager, MessageEntity)} m WHERE m."bot_id" = $1 AND m."id" = $2`,
      [botId, id, userId],
    )) as (Record<string, unknown> & { participant: boolean })[];
    const row = rows[0];
    if (!row) throw notFound(id);
    return { message: toEntity(manager, MessageEntity, row), participant: row.participant };
  }

  /** The message, or 404. */
  async require(botId: string, id: string): Promise<MessageEntity> {
    const message = await this.find(botId, id);
    if (!message) throw notFound(id);
    return message;
  }

  /**
   * Stores the message, the event recording it (if any, with its lane queued) and the
   * conversation's new count: one statement, so together or not at all, in one round trip. It
   * answers whether the write opened the event's lane (its mailbox inserted, not found there;
   * under the lease when one is given: `enqueueLanesStatement`).
   *
   * The statement reads the lane's answer whether or not it needs it: the part of a statement its
   * answer reads runs first, the others after it (last written first), so every message write
   * locks the lane's mailbox before the conversation. A write that read it and one that did not
   * locked the two in opposite orders, and writes to one conversation deadlocked.
   */
  async insertWithEvent(
    message: MessageEntity,
    event?: EventEntity,
    { manager = this.messages.manager, lease }: { manager?: EntityManager; lease?: LaneLease } = {},
  ): Promise<boolean> {
    const recorded = event ? this.events.insertStatements(manager, event, lease) : undefined;
    const writes = [
      insertStatement(manager, MessageEntity, [message]),
      ...(recorded ? [recorded.record] : []),
      ...(recorded?.lane ? [recorded.lane] : []),
      {
        text: `UPDATE ${tableOf(manager, ConversationEntity)} SET "message_count" = "message_count" + 1, "updated_at" = $1 WHERE "bot_id" = $2 AND "id" = $3`,
        values: [message.createdAt, message.botId, message.conversationId],
      },
    ];
    if (!recorded?.lane) {
      await runStatement(manager, oneStatement(writes));
      return false;
    }
    const { text, values } = oneStatement(writes, { text: `SELECT "opened" FROM w${writes.indexOf(recorded.lane)}`, values: [] });
    const [row] = await queryRows(manager, text, values);
    return row?.opened === true;
  }

  /** The bot's messages matching every given filter, in creation order (or newest first). */
  list(botId: string, filter: MessageFilter, direction: 'asc' | 'desc' = 'asc'): Promise<Page<MessageEntity>> {
    const query = this.query().whereEquals('botId', botId).whereEquals('conversationId', filter.conversationId);
    whereTags(query, filter.tags);
    whereDateRange(query, 'createdAt', filter);
    return query.page({ sortProperty: 'createdAt', direction }, filter);
  }

  /** The oldest message of the conversation whose tags match. */
  findByTags(botId: string, conversationId: string, match: TagMatch): Promise<MessageEntity | null> {
    return whereTags(this.query().whereEquals('botId', botId).whereEquals('conversationId', conversationId), match).first('createdAt');
  }

  async update(botId: string, id: string, changes: Partial<Pick<MessageEntity, 'payload' | 'tags' | 'updatedAt'>>): Promise<void> {
    await this.messages.update({ botId, id }, changes as never);
  }

  async delete(message: MessageEntity): Promise<void> {
    await this.messages.manager.transaction(async (manager) => {
      await manager.delete(MessageEntity, { botId: message.botId, id: message.id });
      await manager.decrement(ConversationEntity, { botId: message.botId, id: message.conversationId }, 'messageCount', 1);
    });
  }

  private query(): ListQuery<MessageEntity> {
    return new ListQuery(this.messages.manager, MessageEntity, 'm');
  }
}
