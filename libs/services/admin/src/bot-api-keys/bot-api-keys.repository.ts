import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { BotApiKeyEntity } from './bot-api-key.entity';

@Injectable()
export class BotApiKeysRepository {
  constructor(@InjectRepository(BotApiKeyEntity) private readonly keys: Repository<BotApiKeyEntity>) {}

  findByTokenHash(tokenHash: string): Promise<BotApiKeyEntity | null> {
    return this.keys.findOne({ where: { tokenHash } });
  }

  find(id: string): Promise<BotApiKeyEntity | null> {
    return this.keys.findOne({ where: { id } });
  }

  /** The bot's keys, oldest first; the keys of its deployments are the platform's, not listed. */
  listForBot(botId: string): Promise<BotApiKeyEntity[]> {
    return this.keys.find({ where: { botId, deployedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insert(key: BotApiKeyEntity): Promise<void> {
    await this.keys.insert(key);
  }

  async delete(id: string): Promise<void> {
    await this.keys.delete({ id });
  }
}
