import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BotVersionEntity } from './bot-version.entity';

@Injectable()
export class BotVersionsRepository {
  constructor(@InjectRepository(BotVersionEntity) private readonly versions: Repository<BotVersionEntity>) {}

  async insert(version: BotVersionEntity): Promise<void> {
    await this.versions.save(version);
  }

  count(botId: string): Promise<number> {
    return this.versions.count({ where: { botId } });
  }

  /** The bot's versions without their bot JSON, newest first. */
  list(botId: string): Promise<BotVersionEntity[]> {
    return this.versions.find({
      where: { botId },
      select: { id: true, name: true, description: true, createdAt: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  find(botId: string, id: string): Promise<BotVersionEntity | null> {
    return this.versions.findOne({ where: { botId, id } });
  }
}
