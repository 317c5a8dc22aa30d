import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotEntity } from './bot.entity';

export interface BotFilter extends PageQuery {
  workspaceId: string;
  dev?: boolean;
  tags?: Record<string, string>;
  integrationNames?: string[];
  pluginNames?: string[];
  sortField?: 'createdAt' | 'updatedAt';
  sortDirection?: 'asc' | 'desc';
}

@Injectable()
export class BotsRepository {
  constructor(
    @InjectRepository(BotEntity) private readonly bots: Repository<BotEntity>,
    @InjectRepository(BotIntegrationEntity) private readonly integrations: Repository<BotIntegrationEntity>,
  ) {}

  findInWorkspace(workspaceId: string, id: string): Promise<BotEntity | null> {
    return this.bots.findOne({ where: { id, workspaceId } });
  }

  findById(id: string): Promise<BotEntity | null> {
    return this.bots.findOne({ where: { id } });
  }

  integrationsOf(botId: string): Promise<BotIntegrationEntity[]> {
    return this.integrations.find({ where: { botId }, order: { alias: 'ASC' } });
  }

  findIntegrationByWebhook(webhookId: string): Promise<BotIntegrationEntity | null> {
    return this.integrations.findOne({ where: { webhookId } });
  }

  list(filter: BotFilter): Promise<Page<BotEntity>> {
    const query = this.bots.createQueryBuilder('b').where('b.workspace_id = :workspaceId', { workspaceId: filter.workspaceId });
    if (filter.dev !== undefined) query.andWhere('b.dev = :dev', { dev: filter.dev });
    if (filter.tags && Object.keys(filter.tags).length > 0) query.andWhere('b.tags @> CAST(:tags AS jsonb)', { tags: JSON.stringify(filter.tags) });
    if (filter.integrationNames?.length) {
      query.andWhere(
        new Brackets((w) =>
          w.where(
            `EXISTS (SELECT 1 FROM "admin"."bot_integrations" i WHERE i.bot_id = b.id AND i.integration_id IN (:...integrationNames))`,
            { integrationNames: filter.integrationNames },
          ),
        ),
      );
    }
    if (filter.pluginNames?.length) {
      query.andWhere(`(b.definition -> 'plugins') ?| ARRAY[:...pluginNames]`, { pluginNames: filter.pluginNames });
    }
    return keysetPage(query, { sortProperty: filter.sortField ?? 'createdAt', direction: filter.sortDirection ?? 'desc' }, filter);
  }

  async insert(bot: BotEntity): Promise<void> {
    await this.bots.insert(bot as never);
  }

  /** Saves the bot and replaces its integration instances in one transaction. */
  async save(bot: BotEntity, upserts: BotIntegrationEntity[], removedAliases: string[]): Promise<void> {
    await this.bots.manager.transaction(async (manager) => {
      const { code, ...rest } = bot;
      await manager.update(BotEntity, { id: bot.id }, (code === undefined ? rest : bot) as never);
      if (removedAliases.length > 0) {
        await manager.createQueryBuilder().delete().from(BotIntegrationEntity).where('bot_id = :botId AND alias IN (:...aliases)', { botId: bot.id, aliases: removedAliases }).execute();
      }
      if (upserts.length > 0) await manager.upsert(BotIntegrationEntity, upserts as never, ['botId', 'alias']);
    });
  }

  async delete(id: string): Promise<void> {
    await this.bots.delete({ id });
  }
}
