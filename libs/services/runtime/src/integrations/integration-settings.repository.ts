import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IntegrationSettingsEntity } from './integration-settings.entity';

@Injectable()
export class IntegrationSettingsRepository {
  constructor(@InjectRepository(IntegrationSettingsEntity) private readonly settings: Repository<IntegrationSettingsEntity>) {}

  find(botId: string, alias: string): Promise<IntegrationSettingsEntity | null> {
    return this.settings.findOne({ where: { botId, alias } });
  }

  listForBot(botId: string): Promise<IntegrationSettingsEntity[]> {
    return this.settings.find({ where: { botId }, order: { alias: 'ASC' } });
  }

  async save(entity: IntegrationSettingsEntity): Promise<void> {
    await this.settings.upsert(entity as never, ['botId', 'alias']);
  }
}
