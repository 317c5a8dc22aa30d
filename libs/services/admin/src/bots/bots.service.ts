import { Injectable } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { PlatformConfig } from '@platform/config';
import {
  BotInvalidation,
  BotLogsQuery,
  BotLogsResponse,
  BotResponse,
  CreateBotBody,
  Errors,
  IntegrationSettings,
  InternalOperations as Internal,
  IntrospectResponse,
  ListBotsQuery,
  ListBotsResponse,
  newBotId,
  roleAtLeast,
  Subjects,
  UpdateBotBody,
} from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { pageMeta } from '@platform/persistence';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { ADMIN } from '../admin-caller';
import { AuditService } from '../audit/audit.service';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotRemoval } from './bot-removal.service';
import { toBotSummary, toBotView, withoutSecrets } from './bot-view';
import { BotDefinition, BotEntity } from './bot.entity';
import { BotJson, checkBotJson } from './bot-json';
import { BotsRepository } from './bots.repository';
import { BotSecrets } from './bot-secrets';
import { SigningSecrets } from './signing-secrets';
import { applyDefinition, emptyDefinition, mergeMap } from './definition-merge';
import { planIntegrations } from './integration-plan';

@Injectable()
export class BotsService {
  constructor(
    private readonly bots: BotsRepository,
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
    private readonly audit: AuditService,
    private readonly removal: BotRemoval,
    private readonly signingSecrets: SigningSecrets,
    private readonly secrets: BotSecrets,
    private readonly workspaces: WorkspacesRepository,
  ) {}

  async create(access: WorkspaceAccess, input: CreateBotBody): Promise<BotResponse> {
    const { account, workspaceId } = access;
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
    await this.signingSecrets.add(bot.id, signingSecret, now);
    await this.secrets.apply(bot.id, input.secrets);
    await this.audit.record(workspaceId, account, { action: 'CREATE_BOT', operation: 'createBot', resourceId: bot.id, resourceName: bot.name });
    return { bot: toBotView(bot, [], [], this.config.publicUrl, signingSecret) };
  }

  async get(access: WorkspaceAccess, id: string): Promise<BotResponse> {
    const bot = await this.view(await this.find(access.workspaceId, id));
    return { bot: roleAtLeast(access.member.role, 'developer') ? bot : withoutSecrets(bot) };
  }

  async list(access: WorkspaceAccess, query: ListBotsQuery): Promise<ListBotsResponse> {
    const { workspaceId } = access;
    const page = await this.bots.list({ ...query, workspaceId });
    return { bots: page.items.map(toBotSummary), meta: pageMeta(page) };
  }

  async update(access: WorkspaceAccess, input: UpdateBotBody & { id: string }): Promise<BotResponse> {
    const { account, workspaceId } = access;
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
    await this.secrets.apply(bot.id, input.secrets);
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

  /**
   * Who the token is and where the bot lives, for a bot of a workspace the account is a member of
   * (any role); any other bot answers as one that does not exist.
   */
  async introspect(account: AccountEntity, botId: string): Promise<IntrospectResponse> {
    const bot = await this.bots.findById(botId);
    const member = bot ? await this.workspaces.findMember(bot.workspaceId, account.id) : null;
    if (!bot || !member) throw Errors.notFound('Bot', botId);
    return { workspaceId: bot.workspaceId, botId: bot.id, userId: account.id };
  }

  /**
   * The bot as JSON (docs/contracts.md, "Bot JSON and versions"): a createBot body that makes the
   * same bot, without its secrets' values or its integrations (whose instances hold keys and
   * webhooks of their own).
   */
  async botJson(access: WorkspaceAccess, id: string): Promise<BotJson> {
    const bot = await this.bots.findWithCode(id);
    if (!bot || bot.workspaceId !== access.workspaceId) throw Errors.notFound('Bot', id);
    const d = bot.definition;
    return {
      name: bot.name,
      ...(d.description !== undefined ? { description: d.description } : {}),
      tags: bot.tags,
      url: bot.url,
      type: d.type,
      configuration: d.configuration,
      user: d.user,
      conversation: d.conversation,
      message: d.message,
      states: d.states,
      events: d.events,
      recurringEvents: d.recurringEvents,
      subscriptions: d.subscriptions,
      actions: d.actions,
      medias: d.medias,
      ...(d.maxExecutionTime !== undefined ? { maxExecutionTime: d.maxExecutionTime } : {}),
      ...(bot.code !== null && bot.code !== undefined ? { code: bot.code } : {}),
    };
  }

  /**
   * Makes the bot what a bot JSON says: its definition, name, tags and url are replaced (what the
   * JSON leaves out is emptied), and its code deployed when the JSON has some. Secrets, plugins,
   * integrations and whether it is a development bot stay as they are.
   */
  async publish(access: WorkspaceAccess, id: string, json: Record<string, unknown>, operation: string): Promise<Record<string, never>> {
    const { account, workspaceId } = access;
    const body = checkBotJson(json);
    const bot = await this.find(workspaceId, id);
    const now = new Date();
    const base: BotDefinition = {
      ...emptyDefinition(body.type ?? bot.definition.type),
      secrets: bot.definition.secrets,
      plugins: bot.definition.plugins,
      layers: bot.definition.layers,
      alwaysAlive: bot.definition.alwaysAlive,
      blocked: bot.definition.blocked,
      ...(bot.definition.authentication !== undefined ? { authentication: bot.definition.authentication } : {}),
    };
    const next: BotEntity = {
      ...bot,
      name: body.name ?? bot.name,
      url: body.url ?? null,
      tags: body.tags ?? {},
      definition: applyDefinition(base, body),
      code: body.code,
      updatedAt: now,
      deployedAt: body.code !== undefined ? now : bot.deployedAt,
    } as BotEntity;
    await this.bots.save(next, [], []);
    await this.invalidate(bot.id, []);
    await this.audit.record(workspaceId, account, { action: 'DEPLOY_BOT', operation, resourceId: bot.id, resourceName: next.name });
    return {};
  }

  /** Removes the bot with its data in every service; its webhooks and keys stop working at once. */
  async delete(access: WorkspaceAccess, id: string): Promise<Record<string, never>> {
    const { account, workspaceId } = access;
    const bot = await this.find(workspaceId, id);
    await this.removal.remove([bot.id], () => this.bots.delete(bot.id));
    await this.audit.record(workspaceId, account, { action: 'DELETE_BOT', operation: 'deleteBot', resourceId: bot.id, resourceName: bot.name });
    return {};
  }

  /** A new signing secret for the bot's deliveries; the runtime uses it from the next delivery on. */
  async rotateSigningSecrets(access: WorkspaceAccess, id: string): Promise<{ newSigningSecret: string }> {
    const bot = await this.find(access.workspaceId, id);
    const newSigningSecret = await this.signingSecrets.rotate(bot.id);
    await this.invalidate(bot.id, []);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'UPDATE_BOT',
      operation: 'rotateBotSigningSecrets',
      resourceId: bot.id,
      resourceName: bot.name,
    });
    return { newSigningSecret };
  }

  /** Tells every replica of every service to forget what it cached about the bot. */
  private async invalidate(botId: string, integrations: BotIntegrationEntity[]): Promise<void> {
    const notice: BotInvalidation = { botId, webhookIds: integrations.map((i) => i.webhookId) };
    // Published before the answer goes out, so the caller's next request already sees the change.
    await this.bus.publish(Subjects.invalidate.bot, notice).catch(() => undefined);
  }

  /** The platform's log of the bot (kept by the runtime service, which delivers its events). */
  async logs(access: WorkspaceAccess, id: string, query: BotLogsQuery): Promise<BotLogsResponse> {
    const { workspaceId } = access;
    await this.find(workspaceId, id);
    return this.bus.call(Internal.botLogs, serviceEnvelope(ADMIN, { body: { ...query, botId: id } })) as Promise<BotLogsResponse>;
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
        : ((await this.bus.call(Internal.listIntegrationSettings, serviceEnvelope(ADMIN, { body: { botId: bot.id } }))) as IntegrationSettings[]);
    return toBotView(
      bot,
      installed.sort((a, b) => a.alias.localeCompare(b.alias)),
      settings,
      this.config.publicUrl,
      await this.signingSecrets.current(bot.id),
    );
  }
}
