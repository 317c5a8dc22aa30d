import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
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

  /** Deliverable events not yet in JetStream, oldest first. */
  findUnpublished(limit: number, createdBefore: Date): Promise<EventEntity[]> {
    return this.events
      .createQueryBuilder('e')
      .where('e.published_at IS NULL AND e.status = :status AND e.created_at < :before', { status: 'pending', before: createdBefore })
      .orderBy('e.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  async markPublished(keys: Array<{ botId: string; id: string }>): Promise<void> {
    if (keys.length === 0) return;
    await this.events
      .createQueryBuilder()
      .update(EventEntity)
      .set({ publishedAt: new Date() })
      .where('(bot_id, id) IN (' + keys.map((_, i) => `(:b${i}, :i${i})`).join(', ') + ')', Object.fromEntries(keys.flatMap((k, i) => [[`b${i}`, k.botId], [`i${i}`, k.id]])))
      .execute();
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

  async insert(event: EventEntity, manager: EntityManager = this.events.manager): Promise<void> {
    await manager.insert(EventEntity, event as never);
  }
}
