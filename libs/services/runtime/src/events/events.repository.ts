import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { columnsOf, insertStatement, keysetPage, oneStatement, Page, PageQuery, queryEntity, runStatement, Statement, tableOf } from '@platform/persistence';
import { enqueueLanesStatement, LONE_EVENT_LANE } from '../delivery/lanes';
import { EventEntity } from './event.entity';

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
    const query = this.events.createQueryBuilder('e').where('e.bot_id = :botId', { botId });
    for (const [property, column] of [
      ['type', 'type'],
      ['conversationId', 'conversation_id'],
      ['userId', 'user_id'],
      ['messageId', 'message_id'],
      ['status', 'status'],
    ] as const) {
      const value = filter[property];
      if (value !== undefined) query.andWhere(`e.${column} = :${property}`, { [property]: value });
    }
    return keysetPage(query, { sortProperty: 'createdAt', direction: 'desc' }, filter);
  }

  /** The oldest pending event of a delivery lane (a conversation, or one lone event). */
  nextPending(botId: string, lane: string): Promise<EventEntity | null> {
    return queryEntity(this.events.manager, EventEntity, this.nextPendingStatement(botId, lane));
  }

  /**
   * Marks the event delivered, with whatever must be written with it (the bot log's line), in one
   * statement that also answers the next pending event of its lane when `lane` is given.
   */
  async markProcessed(event: Pick<EventEntity, 'botId' | 'id'>, alongside: Statement[] = [], lane?: string): Promise<EventEntity | null> {
    const manager = this.events.manager;
    const writes = [
      {
        text: `UPDATE ${tableOf(manager, EventEntity)} SET "status" = 'processed', "processed_at" = now(), "failure_reason" = NULL WHERE "bot_id" = $1 AND "id" = $2`,
        values: [event.botId, event.id],
      },
      ...alongside,
    ];
    if (lane === undefined) {
      await runStatement(manager, oneStatement(writes));
      return null;
    }
    // The query sees the rows as they were before this statement's update: the event just marked is left out by its id.
    return queryEntity(manager, EventEntity, oneStatement(writes, this.nextPendingStatement(event.botId, lane, event.id)));
  }

  /** The statement reading a lane's oldest pending event, other than `except`. */
  private nextPendingStatement(botId: string, lane: string, except = ''): Statement {
    const manager = this.events.manager;
    const lone = lane.startsWith(LONE_EVENT_LANE);
    return {
      // A scheduled event takes its place by when it was due, so a backlog drains in due order.
      text: `SELECT ${columnsOf(manager, EventEntity, 'e')} FROM ${tableOf(manager, EventEntity)} e
       WHERE e."bot_id" = $1 AND e."status" = 'pending' AND ${lone ? 'e."id"' : 'e."conversation_id"'} = $2 AND e."id" <> $3
       ORDER BY coalesce(e."scheduled_for", e."created_at"), e."created_at", e."id" LIMIT 1`,
      values: [botId, lone ? lane.slice(LONE_EVENT_LANE.length) : lane, except],
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
    await runStatement(manager, oneStatement(this.insertStatements(manager, event)));
  }

  /** The writes recording an event (and queueing its lane), to run with the writes of what it records. */
  insertStatements(manager: EntityManager, event: EventEntity): Statement[] {
    const lanes = enqueueLanesStatement([event]);
    return [insertStatement(manager, EventEntity, [event]), ...(lanes ? [lanes] : [])];
  }
}
