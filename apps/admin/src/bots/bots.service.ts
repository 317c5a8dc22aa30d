import { Injectable } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { PlatformConfig } from '@platform/config';
import {
  AdminCaller,
  BotInvalidation,
  BotLogsQuery,
  BotLogsResponse,
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
import { pageMeta } from '@platform/persistence';
import { AccessService } from '../access/access.service';
import { AuditService } from '../audit/audit.service';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotRemoval } from './bot-removal.service';
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
    private readonly audit: AuditService,
    private readonly removal: BotRemoval,
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
    await this.audit.record(workspaceId, account, { action: 'CREATE_BOT', operation: 'createBot', resourceId: bot.id, resourceName: bot.name });
    return { bot: toBotView(bot, [], [], this.config.publicUrl, signingSecret) };
  }

  async get(caller: AdminCaller, id: string): Promise<BotResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    return { bot: await this.view(await this.find(workspaceId, id)) };
  }

  async list(caller: AdminCaller, query: ListBotsQuery): Promise<ListBotsResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    const page = await this.bots.list({ ...query, workspaceId });
    return { bots: page.items.map(toBotSummary), meta: pageMeta(page) };
  }

  async update(caller: AdminCaller, input: UpdateBotBody & { id: string }): Promise<BotResponse> {
    const { account, workspaceId } = await this.access.requireRole(caller, 'developer');
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
    const touched = current.filter((i) => removed.includes(i.alias) || upserts.some((u) => u.alias === i.alias));
    await this.invalidate(bot.id, touched);
    await this.audit.record(workspaceId, account, {
      // New code is a deployment; anything else is a change of the bot's settings.
      action: input.code !== undefined ? 'DEPLOY_BOT' : 'UPDATE_BOT',
      operation: 'updateBot',
      resourceId: bot.id,
      resourceName: next.name,
    });
    const integrations = [...current.filter((i) => !removed.includes(i.alias) && !upserts.some((u) => u.alias === i.alias)), ...upserts];
    return { bot: await this.view(next, integrations) };
  }

  /** Removes the bot with its data in every service; its webhooks and keys stop working at once. */
  async delete(caller: AdminCaller, id: string): Promise<Record<string, never>> {
    const { account, workspaceId } = await this.access.requireRole(caller, 'developer');
    const bot = await this.find(workspaceId, id);
    await this.removal.remove([bot.id], () => this.bots.delete(bot.id));
    await this.audit.record(workspaceId, account, { action: 'DELETE_BOT', operation: 'deleteBot', resourceId: bot.id, resourceName: bot.name });
    return {};
  }

  /** Tells every replica of every service to forget what it cached about the bot. */
  private async invalidate(botId: string, integrations: BotIntegrationEntity[]): Promise<void> {
    const notice: BotInvalidation = { botId, webhookIds: integrations.map((i) => i.webhookId) };
    // Published before the answer goes out, so the caller's next request already sees the change.
    await this.bus.publish(Subjects.invalidate.bot, notice).catch(() => undefined);
  }

  /** The platform's log of the bot (kept by the runtime service, which delivers its events). */
  async logs(caller: AdminCaller, id: string, query: BotLogsQuery): Promise<BotLogsResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    await this.find(workspaceId, id);
    return this.bus.request<BotLogsResponse>(Subjects.runtime.botLogs, { ...query, botId: id });
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
