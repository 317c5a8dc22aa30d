import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { enqueueLanes, LONE_EVENT_LANE } from '../delivery/lanes';
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
    const query = this.events.createQueryBuilder('e').where("e.bot_id = :botId AND e.status = 'pending'", { botId });
    if (lane.startsWith(LONE_EVENT_LANE)) query.andWhere('e.id = :id', { id: lane.slice(LONE_EVENT_LANE.length) });
    else query.andWhere('e.conversation_id = :lane', { lane });
    // A scheduled event takes its place by when it was due, so a backlog drains in due order.
    return query.orderBy('coalesce(e.scheduled_for, e.created_at)', 'ASC').addOrderBy('e.created_at', 'ASC').addOrderBy('e.id', 'ASC').limit(1).getOne();
  }

  async markProcessed(botId: string, id: string): Promise<void> {
    await this.events.update({ botId, id }, { status: 'processed', processedAt: new Date(), failureReason: null });
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

  /** Records the event and, if it is to be delivered, queues its lane, in one transaction. */
  async insert(event: EventEntity, manager?: EntityManager): Promise<void> {
    const write = async (m: EntityManager) => {
      await m.insert(EventEntity, event as never);
      await enqueueLanes(m, [event]);
    };
    await (manager ? write(manager) : this.events.manager.transaction(write));
  }
}
