import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { EventEntity } from './event.entity';

@Injectable()
export class EventsRepository {
  constructor(@InjectRepository(EventEntity) private readonly events: Repository<EventEntity>) {}

  find(botId: string, id: string): Promise<EventEntity | null> {
    return this.events.findOne({ where: { botId, id } });
  }

  async insert(event: EventEntity, manager: EntityManager = this.events.manager): Promise<void> {
    await manager.insert(EventEntity, event as never);
  }
}
