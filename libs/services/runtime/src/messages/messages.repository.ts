import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
import {
  columnsOf,
  ComputedColumns,
  findByKey,
  GatheredReads,
  insertFromStatement,
  ListQuery,
  Page,
  PageQuery,
  queryRows,
  Statement,
  tableOf,
  toEntity,
} from '@platform/persistence';
import { DateRange, whereDateRange, whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { runtimeConversationViewSql } from '../conversations/conversation-view';
import { ConversationEntity } from '../conversations/conversation.entity';
import { takesPart } from '../conversations/conversations.repository';
import { LaneGroup, LaneLease, lockOrderedStatement } from '../delivery/lanes';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { runtimeUserViewSql } from '../users/user-view';
import { UserEntity } from '../users/user.entity';
import { MessageEntity } from './message.entity';

const notFound = (id: string) => Errors.notFound('Message', id);

/** A message to store, with the event recording it if it is incoming. */
export interface MessageWrite {
  message: MessageEntity;
  event?: EventEntity;
}

/** Whether two writes can be stored together (`insertAllWithEvents`): of one author in one conversation, both with an event or neither. */
export function writtenTogether(a: MessageWrite, b: MessageWrite): boolean {
  const [x, y] = [a.message, b.message];
  return x.botId === y.botId && x.conversationId === y.conversationId && x.userId === y.userId && (a.event === undefined) === (b.event === undefined);
}

/**
 * The event's columns taken from the conversation's update (the statement's part `from`): its
 * integration, and in its payload the author and the conversation. An event followed by `later`
 * messages of the same write shows the conversation as its own message left it: the count without
 * those, updated when its message was created (the message in its payload).
 */
function eventColumns(from: string, later: number): ComputedColumns<EventEntity> {
  const conversation = (payload: string) =>
    later
      ? `${from}."conversation" || jsonb_build_object('messageCount', (${from}."conversation"->>'messageCount')::int - ${later}, 'updatedAt', ${payload}::jsonb #> '{message,createdAt}')`
      : `${from}."conversation"`;
  return {
    integration: `${from}."integration"`,
    payload: (given) => `${given}::jsonb || jsonb_build_object('user', ${from}."user", 'conversation', ${conversation(given)})`,
  };
}

/** Messages of one author in one conversation, written together (`insertGroups`). */
export interface MessageGroup {
  writes: MessageWrite[];
  /** The first event's lease on its lane, should the write open it (`enqueueLanesStatement`). */
  lease?: LaneLease;
  /** Written only if this user takes part in the conversation. */
  participantId?: string;
}

/** What became of a group: written or not (all of it or none), and whether it opened its event's lane. */
export interface GroupWritten {
  written: boolean;
  opened: boolean;
}

/** The event's user and conversation as the API shows them, of the rows a message's write updates (`c`) and joins (`u`). */
const AUTHOR_VIEW = runtimeUserViewSql('u');
const CONVERSATION_VIEW = runtimeConversationViewSql('c');

export interface MessageFilter extends PageQuery, DateRange {
  conversationId?: string;
  tags?: TagMatch;
  /** Only in the conversation (`conversationId`, then required) if this user takes part in it: the page is empty otherwise. */
  participantId?: string;
}

@Injectable()
export class MessagesRepository {
  /** Messages by key, each with whether a user takes part in its conversation (`requireWithParticipant`), made on first use. */
  private participantReadsMade?: GatheredReads;

  constructor(
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    private readonly events: EventsRepository,
  ) {}

  private get participantReads(): GatheredReads {
    const manager = this.messages.manager;
    return (this.participantReadsMade ??= new GatheredReads(
      manager,
      [
        { name: 'bot_id', type: 'text' },
        { name: 'id', type: 'text' },
        { name: 'user_id', type: 'text' },
      ],
      `SELECT ${columnsOf(manager, MessageEntity, 'm')}, ${takesPart(manager, 'm."bot_id"', 'm."conversation_id"', 'k."user_id"')} AS "participant"
         FROM ${tableOf(manager, MessageEntity)} m WHERE m."bot_id" = k."bot_id" AND m."id" = k."id"`,
    ));
  }

  find(botId: string, id: string): Promise<MessageEntity | null> {
    return findByKey(this.messages.manager, MessageEntity, { botId, id });
  }

  /**
   * The message and whether the user takes part in its conversation, read in one round trip (an
   * integration acting for an end user reaches only their conversations); 404 when there is no
   * such message. The reads of one event-loop turn go in one statement (`GatheredReads`).
   */
  async requireWithParticipant(botId: string, id: string, userId: string): Promise<{ message: MessageEntity; participant: boolean }> {
    const row = await this.participantReads.read([botId, id, userId]);
    if (!row) throw notFound(id);
    return { message: toEntity(this.messages.manager, MessageEntity, row), participant: row.participant as boolean };
  }

  /** The message, or 404. */
  async require(botId: string, id: string): Promise<MessageEntity> {
    const message = await this.find(botId, id);
    if (!message) throw notFound(id);
    return message;
  }

  /**
   * Stores the message, the event recording it (if any, with its lane queued) and the
   * conversation's new count: one statement, so together or not at all, in one round trip, and
   * only if the conversation is there, with the message's author (unless it is the bot's own user)
   * and, given `participantId`, that user taking part in it. Nothing is read first: the
   * conversation's update is the condition of every other write, and the event's user and
   * conversation (in its payload) and integration are filled in from the rows it wrote with
   * (`event` is completed with them, as stored). Answers whether it was written and whether the
   * write opened the event's lane (its mailbox inserted, not found there; under the lease when one
   * is given: `enqueueLanesStatement`).
   *
   * Every message write locks the conversation first (the writes made for its row need it), then
   * the lane's mailbox (the answer reads it): writes to one conversation take the two in one order
   * and cannot deadlock.
   */
  insertWithEvent(
    message: MessageEntity,
    event?: EventEntity,
    options: { manager?: EntityManager; lease?: LaneLease; participantId?: string } = {},
  ): Promise<GroupWritten> {
    return this.insertAllWithEvents([{ message, event }], options);
  }

  /**
   * The same for several messages of one author in one conversation, in their order, as one write:
   * all of them or none, under one lock of the conversation and one commit. Each event shows the
   * conversation as its own message left it (the count up to it, updated when it was created), as
   * if they had been written one after the other. A lease given is the first event's, the one
   * that opens the lane if the write does.
   */
  async insertAllWithEvents(
    writes: MessageWrite[],
    { manager = this.messages.manager, lease, participantId }: { manager?: EntityManager; lease?: LaneLease; participantId?: string } = {},
  ): Promise<GroupWritten> {
    const [written] = await this.insertGroups([{ writes, lease, participantId }], manager);
    return written;
  }

  /**
   * Groups of messages, each of its own conversation, written as `insertAllWithEvents` writes one,
   * in one statement: one round trip and one commit for all. Each group is written or not on its
   * own conditions, as if alone (the answer says which). The conversations are locked in one
   * order (their lanes' keys), each before its lane's mailbox: the statement's parts for a group
   * run when the answer reads that group's row, one group after the other, so statements writing
   * to the same conversations wait for each other but never in a cycle.
   */
  async insertGroups(groups: MessageGroup[], manager: EntityManager = this.messages.manager): Promise<GroupWritten[]> {
    const lanes = groups.map(({ writes: [first] }) => ({ botId: first?.message.botId, lane: first?.message.conversationId }));
    const { statement, laneOf } = lockOrderedStatement(lanes, (index, base) => this.groupStatement(manager, groups[index], base));
    const rows = (await queryRows(manager, statement.text, statement.values)) as Array<{
      group: number;
      integration: string | null;
      opened: boolean | null;
      payloads: Record<string, unknown>[] | null;
    }>;
    const results = groups.map(() => ({ written: false, opened: false }));
    for (const row of rows) {
      const index = laneOf(row);
      groups[index].writes.forEach(({ event }, i) => {
        if (!event) return;
        event.integration = row.integration;
        event.payload = row.payloads![i];
      });
      results[index] = { written: true, opened: row.opened === true };
    }
    return results;
  }

  /**
   * A group's parts, numbered from `base` in the statement (its conversation's update first, as
   * `w<base>`), and the answer's row for it when its conversation was updated.
   */
  private groupStatement(manager: EntityManager, { writes, lease, participantId }: MessageGroup, base: number): LaneGroup {
    const [first] = writes;
    if (!first) throw new Error('No message to write');
    const withEvents = first.event !== undefined;
    if (!writes.every((write) => writtenTogether(first, write))) {
      throw new Error('The messages written together are of one author in one conversation, all with an event or none');
    }
    const from = `w${base}`;
    const updatedAt = new Date(Math.max(...writes.map(({ message }) => message.createdAt.getTime())));
    const values: unknown[] = [updatedAt, first.message.botId, first.message.conversationId];
    const author = withEvents ? `AND u."bot_id" = c."bot_id" AND u."id" = $${values.push(first.message.userId)}` : '';
    const participant = participantId ? `AND ${takesPart(manager, 'c."bot_id"', 'c."id"', `$${values.push(participantId)}`)}` : '';
    const conversation: Statement = {
      text: `UPDATE ${tableOf(manager, ConversationEntity)} c SET "message_count" = c."message_count" + ${writes.length}, "updated_at" = $1
        ${withEvents ? `FROM ${tableOf(manager, UserEntity)} u` : ''}
        WHERE c."bot_id" = $2 AND c."id" = $3 ${author} ${participant}
        RETURNING c."integration"${withEvents ? `, ${AUTHOR_VIEW} AS "user", ${CONVERSATION_VIEW} AS "conversation"` : ''}`,
      values,
    };
    const recorded = writes.flatMap(({ event }, i) =>
      event
        ? [this.events.insertStatements(manager, event, { lease: i === 0 ? lease : undefined, from, computed: eventColumns(from, writes.length - 1 - i) })]
        : [],
    );
    const lane = recorded[0]?.lane;
    const eventRecords = recorded.map(({ record }) => ({ ...record, text: `${record.text} RETURNING "payload"` }));
    const parts = [
      conversation,
      ...writes.map(({ message }) => insertFromStatement(manager, MessageEntity, message, from)),
      ...eventRecords,
      ...(lane ? [lane] : []),
    ];
    const partName = (part: Statement) => `w${base + parts.indexOf(part)}`;
    const payloads = eventRecords.map((record) => `(SELECT "payload" FROM ${partName(record)})`);
    const answer = `${from}."integration", ${lane ? `(SELECT "opened" FROM ${partName(lane)})` : 'false'} AS "opened", ${
      payloads.length ? `jsonb_build_array(${payloads.join(', ')})` : 'NULL::jsonb'
    } AS "payloads" FROM ${from}`;
    return { parts, answer };
  }

  /** The bot's messages matching every given filter, in creation order (or newest first). */
  list(botId: string, filter: MessageFilter, direction: 'asc' | 'desc' = 'asc'): Promise<Page<MessageEntity>> {
    const query = this.query().whereEquals('botId', botId).whereEquals('conversationId', filter.conversationId);
    if (filter.participantId !== undefined) {
      if (filter.conversationId === undefined) throw new Error('A participant filter needs the conversation');
      // On no column of the rows: a one-time filter, read once before them.
      query.where(takesPart(this.messages.manager, query.param(botId), query.param(filter.conversationId), query.param(filter.participantId)));
    }
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
