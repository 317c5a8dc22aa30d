import { Injectable } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { PlatformConfig } from '@platform/config';
import {
  AdminCaller,
  BotResponse,
  CreateBotBody,
  Errors,
  IntegrationSettings,
  ListBotsQuery,
  ListBotsResponse,
  newBotId,
  Subjects,
  UpdateBotBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { AccessService } from '../access/access.service';
import { BotIntegrationEntity } from './bot-integration.entity';
import { toBotSummary, toBotView } from './bot-view';
import { BotEntity } from './bot.entity';
import { BotsRepository } from './bots.repository';
import { applyDefinition, emptyDefinition, mergeMap } from './definition-merge';
import { planIntegrations } from './integration-plan';

@Injectable()
export class BotsService {
  constructor(
    private readonly access: AccessService,
    private readonly bots: BotsRepository,
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
  ) {}

  async create(caller: AdminCaller, input: CreateBotBody): Promise<BotResponse> {
    const { account, workspaceId } = await this.access.requireRole(caller, 'developer');
    const now = new Date();
    const id = newBotId();
    const signingSecret = newSecret('bp_ss');
    const bot: BotEntity = {
      id,
      workspaceId,
      name: input.name ?? `bot-${id.slice(0, 8)}`,
      dev: input.dev ?? false,
      url: input.url ?? null,
      tags: input.tags ?? {},
      definition: applyDefinition(emptyDefinition(input.type), input),
      code: input.code ?? null,
      signingSecretHash: hashSecret(signingSecret),
      createdBy: account.id,
      createdAt: now,
      updatedAt: now,
      deployedAt: input.code !== undefined ? now : null,
    };
    await this.bots.insert(bot);
    return { bot: toBotView(bot, [], [], this.config.publicUrl, signingSecret) };
  }

  async get(caller: AdminCaller, id: string): Promise<BotResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    return { bot: await this.view(await this.find(workspaceId, id)) };
  }

  async list(caller: AdminCaller, query: ListBotsQuery): Promise<ListBotsResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    const page = await this.bots.list({ ...query, workspaceId });
    return { bots: page.items.map(toBotSummary), meta: page.nextToken ? { nextToken: page.nextToken } : {} };
  }

  async update(caller: AdminCaller, input: UpdateBotBody & { id: string }): Promise<BotResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'developer');
    const bot = await this.find(workspaceId, input.id);
    const now = new Date();
    const current = await this.bots.integrationsOf(bot.id);
    const { upserts, removed } = planIntegrations(bot.id, current, input.integrations, now);

    const next: BotEntity = {
      ...bot,
      name: input.name ?? bot.name,
      url: input.url === undefined ? bot.url : input.url,
      tags: mergeMap(bot.tags, input.tags),
      definition: applyDefinition(bot.definition, input),
      code: input.code,
      updatedAt: now,
      deployedAt: input.code !== undefined ? now : bot.deployedAt,
    } as BotEntity;
    await this.bots.save(next, upserts, removed);
    const integrations = [...current.filter((i) => !removed.includes(i.alias) && !upserts.some((u) => u.alias === i.alias)), ...upserts];
    return { bot: await this.view(next, integrations) };
  }

  async delete(caller: AdminCaller, id: string): Promise<Record<string, never>> {
    const { workspaceId } = await this.access.requireRole(caller, 'developer');
    await this.find(workspaceId, id);
    await this.bots.delete(id);
    return {};
  }

  private async find(workspaceId: string, id: string): Promise<BotEntity> {
    const bot = await this.bots.findInWorkspace(workspaceId, id);
    if (!bot) throw Errors.notFound('Bot', id);
    return bot;
  }

  private async view(bot: BotEntity, integrations?: BotIntegrationEntity[]) {
    const installed = integrations ?? (await this.bots.integrationsOf(bot.id));
    const settings =
      installed.length === 0
        ? []
        : await this.bus.request<IntegrationSettings[]>(Subjects.runtime.listIntegrationSettings, { botId: bot.id });
    return toBotView(bot, installed.sort((a, b) => a.alias.localeCompare(b.alias)), settings, this.config.publicUrl);
  }
}
