import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import {
  columnsOf,
  ComputedColumns,
  insertFromStatement,
  insertStatement,
  ListQuery,
  oneStatement,
  Page,
  PageQuery,
  queryEntity,
  queryRows,
  runStatement,
  Statement,
  tableOf,
  toEntity,
} from '@platform/persistence';
import { BOOKKEEPING } from '../delivery/bookkeeping';
import { enqueueLanesStatement, LaneLease, lockOrderedStatement, ofLane, pendingOrder } from '../delivery/lanes';
import { EventEntity } from './event.entity';

/** A lane after one of its events was marked delivered: its next pending event, and whether its mailbox was removed. */
export interface LaneAfter {
  next: EventEntity | null;
  closed: boolean;
}

/** An event delivered, to mark processed with its lane (`markProcessedAll`). */
export interface Delivered {
  event: Pick<EventEntity, 'botId' | 'id'>;
  /** What is written with it (the bot log's line). */
  alongside: Statement[];
  /** Its lane, and the statement closing it (`MailboxesRepository.closeStatement`). */
  lane: { lane: string; closing: Statement };
}

export interface EventFilter extends PageQuery {
  type?: string;
  conversationId?: string;
  userId?: string;
  messageId?: string;
  status?: string;
}

@Injectable()
export class EventsRepository {
  constructor(@InjectRepository(EventEntity) private readonly events: Repository<EventEntity>) {}

  find(botId: string, id: string): Promise<EventEntity | null> {
    return this.events.findOne({ where: { botId, id } });
  }

  /** The bot's events matching every given filter, newest first. */
  list(botId: string, filter: EventFilter): Promise<Page<EventEntity>> {
    const query = new ListQuery(this.events.manager, EventEntity, 'e').whereEquals('botId', botId);
    for (const property of ['type', 'conversationId', 'userId', 'messageId', 'status'] as const) query.whereEquals(property, filter[property]);
    return query.page({ sortProperty: 'createdAt', direction: 'desc' }, filter);
  }

  /** The oldest pending event of a delivery lane (a conversation, or one lone event). */
  nextPending(botId: string, lane: string): Promise<EventEntity | null> {
    return queryEntity(this.events.manager, EventEntity, this.nextPendingStatement(botId, lane));
  }

  /**
   * Marks the event delivered, with whatever must be written with it (the bot log's line), in one
   * statement. Given its lane, the same statement answers the lane's next pending event and runs
   * `closing` (`MailboxesRepository.closeStatement`: the lane's mailbox removed when nothing else
   * is pending), answering whether that removed it: one round trip for the delivered event, the
   * next one and an emptied lane. It commits as delivery's bookkeeping (`BOOKKEEPING`).
   */
  async markProcessed(event: Pick<EventEntity, 'botId' | 'id'>, alongside: Statement[] = [], lane?: { lane: string; closing: Statement }): Promise<LaneAfter> {
    if (lane) return (await this.markProcessedAll([{ event, alongside, lane }]))[0];
    await runStatement(this.events.manager, oneStatement([this.processedStatement(event), ...alongside], undefined, BOOKKEEPING));
    return { next: null, closed: false };
  }

  /**
   * Events of different lanes marked as `markProcessed` marks one with its lane, in one statement:
   * one round trip for all, each answered its own lane's next event and whether its lane was
   * closed. The lanes' parts run when the answer reads their rows, one lane after the other in the
   * order of their keys: their mailboxes are locked in the order the writes of messages lock them
   * (`MessagesRepository.insertGroups`), so the two wait for each other but never in a cycle.
   */
  async markProcessedAll(delivered: Delivered[]): Promise<LaneAfter[]> {
    const manager = this.events.manager;
    const lanes = delivered.map(({ event, lane }) => ({ botId: event.botId, lane: lane.lane }));
    const { statement, laneOf } = lockOrderedStatement(
      lanes,
      (index, base) => {
        const { event, alongside, lane } = delivered[index];
        // The next event is read as the rows were before this statement's update: the event just marked is left out by its id.
        const parts = [this.processedStatement(event), ...alongside, lane.closing, this.nextPendingStatement(event.botId, lane.lane, event.id)];
        const [closing, next] = [`w${base + parts.length - 2}`, `w${base + parts.length - 1}`];
        return { parts, answer: `n.*, EXISTS (SELECT 1 FROM ${closing}) AS "lane_closed" FROM (SELECT 1) AS one LEFT JOIN ${next} n ON true` };
      },
      BOOKKEEPING,
    );
    const rows = await queryRows(manager, statement.text, statement.values);
    const after = new Array<LaneAfter>(delivered.length);
    for (const row of rows) after[laneOf(row)] = { next: row.id === null ? null : toEntity(manager, EventEntity, row), closed: row.lane_closed === true };
    return after;
  }

  /** The write marking an event delivered. */
  private processedStatement(event: Pick<EventEntity, 'botId' | 'id'>): Statement {
    return {
      text: `UPDATE ${tableOf(this.events.manager, EventEntity)} SET "status" = 'processed', "processed_at" = now(), "failure_reason" = NULL WHERE "bot_id" = $1 AND "id" = $2`,
      values: [event.botId, event.id],
    };
  }

  /**
   * The statement reading a lane's oldest pending event, other than `except`: one step into the
   * index of pending events, which keeps each lane's in this order (however long its backlog).
   */
  nextPendingStatement(botId: string, lane: string, except = ''): Statement {
    const manager = this.events.manager;
    const { condition, value } = ofLane('e', lane, '$2');
    return {
      text: `SELECT ${columnsOf(manager, EventEntity, 'e')} FROM ${tableOf(manager, EventEntity)} e
       WHERE e."bot_id" = $1 AND e."status" = 'pending' AND ${condition} AND e."id" <> $3
       ORDER BY ${pendingOrder('e')} LIMIT 1`,
      values: [botId, value, except],
    };
  }

  /** Counts a failed delivery; the last allowed one marks the event failed. Returns the attempts so far. */
  async recordFailure(event: EventEntity, reason: string, final: boolean): Promise<number> {
    const attempts = event.attempts + 1;
    await this.events.update(
      { botId: event.botId, id: event.id },
      final ? { attempts, status: 'failed', failureReason: reason, processedAt: new Date() } : { attempts, failureReason: reason },
    );
    return attempts;
  }

  /** Records the event and, if it is to be delivered, queues its lane, in one statement. */
  async insert(event: EventEntity, manager: EntityManager = this.events.manager): Promise<void> {
    const { record, lane } = this.insertStatements(manager, event);
    await runStatement(manager, oneStatement(lane ? [record, lane] : [record]));
  }

  /**
   * The writes recording an event and, if it is to be delivered, queueing its lane (under `lease`
   * if it opens it: `enqueueLanesStatement`), to run with the writes of what it records, the
   * lane's after the record's. With `from` (an earlier part of the statement), both are written
   * only if it has a row, and `computed` columns take SQL over that row (`insertFromStatement`).
   */
  insertStatements(
    manager: EntityManager,
    event: EventEntity,
    { lease, from, computed }: { lease?: LaneLease; from?: string; computed?: ComputedColumns<EventEntity> } = {},
  ): { record: Statement; lane?: Statement } {
    return {
      record: from ? insertFromStatement(manager, EventEntity, event, from, computed) : insertStatement(manager, EventEntity, [event]),
      lane: enqueueLanesStatement([event], { lease, from }),
    };
  }
}
