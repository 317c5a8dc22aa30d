import { BotIntegrationView, BotSummaryView, BotView, IntegrationSettings } from '@platform/contracts';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotEntity } from './bot.entity';
import type { BotSummaryRow } from './bots.repository';
import { BUILTIN_INTEGRATIONS } from './builtin-integrations';

export function toBotSummary(bot: BotSummaryRow): BotSummaryView {
  return {
    id: bot.id,
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
    name: bot.name,
    ...(bot.deployedAt ? { deployedAt: bot.deployedAt.toISOString() } : {}),
    tags: bot.tags,
    type: bot.type,
  };
}

export function toBotView(
  bot: BotEntity,
  integrations: BotIntegrationEntity[],
  settings: IntegrationSettings[],
  publicUrl: string,
  signingSecret = '',
): BotView {
  const d = bot.definition;
  return {
    ...toBotSummary({ ...bot, type: d.type }),
    signingSecret,
    integrations: Object.fromEntries(
      integrations.map((i) => [
        i.alias,
        toIntegrationView(
          i,
          settings.find((s) => s.alias === i.alias),
          publicUrl,
        ),
      ]),
    ),
    plugins: d.plugins,
    ...(d.maxExecutionTime !== undefined ? { maxExecutionTime: d.maxExecutionTime } : {}),
    user: d.user,
    conversation: d.conversation,
    message: d.message,
    states: d.states,
    configuration: d.configuration,
    events: d.events,
    recurringEvents: d.recurringEvents,
    subscriptions: d.subscriptions,
    actions: d.actions,
    ...(d.description !== undefined ? { description: d.description } : {}),
    dev: bot.dev,
    secrets: d.secrets,
    ...(bot.createdBy ? { createdBy: bot.createdBy } : {}),
    alwaysAlive: d.alwaysAlive,
    status: 'active',
    medias: d.medias,
  };
}

function toIntegrationView(i: BotIntegrationEntity, settings: IntegrationSettings | undefined, publicUrl: string): BotIntegrationView {
  const definition = BUILTIN_INTEGRATIONS[i.integrationId];
  return {
    enabled: i.enabled,
    name: definition?.name ?? i.integrationId,
    version: definition?.version ?? '0.0.0',
    webhookUrl: `${publicUrl.replace(/\/$/, '')}/webhook/${i.webhookId}`,
    webhookId: i.webhookId,
    ...(settings?.identifier ? { identifier: settings.identifier } : {}),
    configurationType: i.configurationType,
    configuration: i.configuration,
    status: 'registered',
    statusReason: null,
    disabledChannels: i.disabledChannels,
    id: definition?.publicId ?? i.integrationId,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    title: definition?.title ?? i.integrationId,
    description: definition?.description ?? '',
    iconUrl: '',
    public: true,
    visibility: 'public',
    verificationStatus: 'approved',
    lifecycleStatus: 'published',
  };
}

/**
 * The bot as a member below developer sees it: its secrets are write-only to them (docs/contracts.md,
 * "Roles"). A viewer who read the chat integration's key could forge end users' keys, and one who
 * read the signing secret could forge deliveries.
 */
export function withoutSecrets(bot: BotView): BotView {
  return {
    ...bot,
    signingSecret: '',
    configuration: { ...bot.configuration, data: {} },
    integrations: Object.fromEntries(Object.entries(bot.integrations).map(([alias, i]) => [alias, { ...i, configuration: {} }])),
  };
}
