import { randomBytes, randomUUID } from 'node:crypto';
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
  UpdateBotIntegrationDto,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { AccessService } from '../access/access.service';
import { BotIntegrationEntity } from './bot-integration.entity';
import { toBotSummary, toBotView } from './bot-view';
import { BotDefinition, BotEntity } from './bot.entity';
import { BotsRepository } from './bots.repository';
import { BUILTIN_INTEGRATIONS } from './builtin-integrations';
import { mergeMap } from './definition-merge';

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
    const { upserts, removed } = this.planIntegrations(bot.id, current, input.integrations, now);

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

  /** Which integration instances to write and which to remove for an updateBot request. */
  private planIntegrations(
    botId: string,
    current: BotIntegrationEntity[],
    patch: Record<string, UpdateBotIntegrationDto | null> | undefined,
    now: Date,
  ): { upserts: BotIntegrationEntity[]; removed: string[] } {
    const upserts: BotIntegrationEntity[] = [];
    const removed: string[] = [];
    for (const [alias, change] of Object.entries(patch ?? {})) {
      const existing = current.find((i) => i.alias === alias);
      if (change === null) {
        if (existing) removed.push(alias);
        continue;
      }
      const integrationId = change.integrationId ?? existing?.integrationId;
      if (!integrationId) throw Errors.invalidPayload(`integrations.${alias}.integrationId is required to install an integration`);
      const definition = BUILTIN_INTEGRATIONS[integrationId];
      if (!definition) throw Errors.notFound('Integration', integrationId);
      const configuration = change.configuration ?? (existing?.integrationId === integrationId ? existing.configuration : {});
      for (const [key, value] of Object.entries(configuration)) {
        const check = definition.configuration[key];
        if (!check) throw Errors.invalidPayload(`integrations.${alias}.configuration.${key} is not a setting of the ${integrationId} integration`);
        const problem = check(value);
        if (problem) throw Errors.invalidPayload(`integrations.${alias}.configuration.${key} ${problem}`);
      }
      const reinstall = !existing || existing.integrationId !== integrationId;
      upserts.push({
        botId,
        alias,
        integrationId,
        enabled: change.enabled ?? existing?.enabled ?? true,
        configuration,
        configurationType: change.configurationType === undefined ? (existing?.configurationType ?? null) : change.configurationType,
        disabledChannels: change.disabledChannels ?? existing?.disabledChannels ?? [],
        webhookId: reinstall ? randomUUID() : existing.webhookId,
        generatedKey: reinstall ? randomBytes(32).toString('base64url') : existing.generatedKey,
        createdAt: reinstall ? now : existing.createdAt,
        updatedAt: now,
      });
    }
    return { upserts, removed };
  }
}

function emptyDefinition(type: BotDefinition['type'] = 'adk'): BotDefinition {
  return {
    configuration: { data: {}, schema: {} },
    user: { tags: {} },
    conversation: { tags: {} },
    message: { tags: {} },
    events: {},
    actions: {},
    states: {},
    recurringEvents: {},
    subscriptions: { events: null },
    plugins: {},
    medias: [],
    secrets: [],
    layers: [],
    type,
    alwaysAlive: false,
    blocked: false,
  };
}

/** The definition after applying the fields of a createBot or updateBot body. */
function applyDefinition(current: BotDefinition, input: UpdateBotBody | CreateBotBody): BotDefinition {
  const u = input as UpdateBotBody;
  const tagsOf = (section?: Record<string, unknown>) => (section?.tags as Record<string, unknown> | undefined) ?? undefined;
  return {
    ...current,
    ...(input.description !== undefined ? { description: input.description } : {}),
    configuration: input.configuration
      ? { data: input.configuration.data ?? current.configuration.data, schema: input.configuration.schema ?? current.configuration.schema }
      : current.configuration,
    user: { tags: mergeMap(current.user.tags, tagsOf(input.user) as never) },
    conversation: { tags: mergeMap(current.conversation.tags, tagsOf(input.conversation) as never) },
    message: { tags: mergeMap(current.message.tags, tagsOf(input.message) as never) },
    events: mergeMap(current.events, input.events as never),
    actions: mergeMap(current.actions, input.actions as never),
    states: mergeMap(current.states, input.states as never),
    recurringEvents: mergeMap(current.recurringEvents, input.recurringEvents as never),
    subscriptions: input.subscriptions ?? current.subscriptions,
    plugins: mergeMap(current.plugins, u.plugins as never),
    medias: input.medias ?? current.medias,
    secrets: input.secrets ? Object.keys(mergeMap(Object.fromEntries(current.secrets.map((s) => [s, s])), input.secrets)) : current.secrets,
    layers: u.layers ?? current.layers,
    type: input.type ?? current.type,
    ...(input.maxExecutionTime !== undefined ? { maxExecutionTime: input.maxExecutionTime } : {}),
    alwaysAlive: u.alwaysAlive ?? current.alwaysAlive,
    blocked: u.blocked ?? current.blocked,
    ...(u.authentication !== undefined ? { authentication: u.authentication } : {}),
  };
}
