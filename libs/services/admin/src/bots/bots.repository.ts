import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SecretBox } from '@platform/auth';
import { ListQuery, Page, PageQuery, tableOf } from '@platform/persistence';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotDefinition, BotEntity } from './bot.entity';

export interface BotFilter extends PageQuery {
  workspaceId: string;
  dev?: boolean;
  tags?: Record<string, string>;
  integrationNames?: string[];
  pluginNames?: string[];
  sortField?: 'createdAt' | 'updatedAt';
  sortDirection?: 'asc' | 'desc';
}

/** What a bot's summary shows: columns of the bot, and the type its definition gives. */
export type BotSummaryRow = Pick<BotEntity, 'id' | 'name' | 'tags' | 'createdAt' | 'updatedAt' | 'deployedAt'> & { type: BotDefinition['type'] };

@Injectable()
export class BotsRepository {
  constructor(
    @InjectRepository(BotEntity) private readonly bots: Repository<BotEntity>,
    @InjectRepository(BotIntegrationEntity) private readonly integrations: Repository<BotIntegrationEntity>,
    private readonly secrets: SecretBox,
  ) {}

  findInWorkspace(workspaceId: string, id: string): Promise<BotEntity | null> {
    return this.bots.findOne({ where: { id, workspaceId } });
  }

  findById(id: string): Promise<BotEntity | null> {
    return this.bots.findOne({ where: { id } });
  }

  /** The bot with its code, which is otherwise never read. */
  findWithCode(id: string): Promise<BotEntity | null> {
    return this.bots.createQueryBuilder('b').addSelect('b.code').where('b.id = :id', { id }).getOne();
  }

  /** Whether the bot has deployed code (without reading it). */
  async hasCode(id: string): Promise<boolean> {
    const [row] = (await this.bots.query(`SELECT "code" IS NOT NULL AS "deployed" FROM "admin"."bots" WHERE "id" = $1`, [id])) as Array<{ deployed: boolean }>;
    return row?.deployed ?? false;
  }

  async integrationsOf(botId: string): Promise<BotIntegrationEntity[]> {
    return (await this.integrations.find({ where: { botId }, order: { alias: 'ASC' } })).map((i) => this.open(i));
  }

  async findIntegrationByWebhook(webhookId: string): Promise<BotIntegrationEntity | null> {
    const found = await this.integrations.findOne({ where: { webhookId } });
    return found && this.open(found);
  }

  /**
   * The summaries of the workspace's bots matching the filter, a page at a time: only the columns a
   * summary shows, and of the definition only its type (a list read whole definitions only to
   * drop them).
   */
  list(filter: BotFilter): Promise<Page<BotSummaryRow>> {
    const query = new ListQuery(this.bots.manager, BotEntity, 'b')
      .select(`b."id", b."name", b."tags", b."created_at", b."updated_at", b."deployed_at", b."definition" ->> 'type' AS "type"`)
      .whereEquals('workspaceId', filter.workspaceId)
      .whereEquals('dev', filter.dev);
    if (filter.tags && Object.keys(filter.tags).length > 0) query.where(`b."tags" @> CAST(${query.param(JSON.stringify(filter.tags))} AS jsonb)`);
    if (filter.integrationNames?.length) {
      query.where(
        `EXISTS (SELECT 1 FROM ${tableOf(this.bots.manager, BotIntegrationEntity)} i WHERE i."bot_id" = b."id" AND i."integration_id" = ANY(${query.param(filter.integrationNames)}))`,
      );
    }
    if (filter.pluginNames?.length) query.where(`(b."definition" -> 'plugins') ?| ${query.param(filter.pluginNames)}::text[]`);
    return query.page({ sortProperty: filter.sortField ?? 'createdAt', direction: filter.sortDirection ?? 'desc' }, filter, (row) => ({
      id: row.id as string,
      name: row.name as string,
      tags: row.tags as Record<string, string>,
      createdAt: row.created_at as Date,
      updatedAt: row.updated_at as Date,
      deployedAt: row.deployed_at as Date | null,
      type: row.type as BotDefinition['type'],
    }));
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
        await manager
          .createQueryBuilder()
          .delete()
          .from(BotIntegrationEntity)
          .where('bot_id = :botId AND alias IN (:...aliases)', { botId: bot.id, aliases: removedAliases })
          .execute();
      }
      if (upserts.length > 0) await manager.upsert(BotIntegrationEntity, upserts.map((i) => this.seal(i)) as never, ['botId', 'alias']);
    });
  }

  async delete(id: string): Promise<void> {
    await this.bots.delete({ id });
  }

  /** Signing keys never reach the database in clear. */
  private seal(i: BotIntegrationEntity): BotIntegrationEntity {
    const { encryptionKey, ...configuration } = i.configuration;
    return {
      ...i,
      generatedKey: this.secrets.seal(i.generatedKey),
      configuration: typeof encryptionKey === 'string' ? { ...configuration, encryptionKey: this.secrets.seal(encryptionKey) } : i.configuration,
    };
  }

  private open(i: BotIntegrationEntity): BotIntegrationEntity {
    const { encryptionKey } = i.configuration;
    return {
      ...i,
      generatedKey: this.secrets.open(i.generatedKey),
      configuration: typeof encryptionKey === 'string' ? { ...i.configuration, encryptionKey: this.secrets.open(encryptionKey) } : i.configuration,
    };
  }
}
