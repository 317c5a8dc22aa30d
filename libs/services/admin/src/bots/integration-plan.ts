import { randomBytes, randomUUID } from 'node:crypto';
import { Errors, integrationKey, UpdateBotIntegrationDto } from '@platform/contracts';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BUILTIN_INTEGRATIONS } from './builtin-integrations';

export interface IntegrationPlan {
  /** Instances to write, each complete. */
  upserts: BotIntegrationEntity[];
  /** Aliases to uninstall. */
  removed: string[];
}

/**
 * Which integration instances to write and which to remove for the `integrations` map of an
 * updateBot request. Throws before anything is decided when one entry is invalid, so a request
 * applies all of its map or none of it.
 */
export function planIntegrations(
  botId: string,
  current: BotIntegrationEntity[],
  patch: Record<string, UpdateBotIntegrationDto | null> | undefined,
  now: Date,
): IntegrationPlan {
  const upserts: BotIntegrationEntity[] = [];
  const removed: string[] = [];
  for (const [alias, change] of Object.entries(patch ?? {})) {
    const existing = current.find((i) => i.alias === alias);
    if (change === null) {
      if (existing) removed.push(alias);
      continue;
    }
    const integrationId = change.integrationId !== undefined ? integrationKey(change.integrationId) : existing?.integrationId;
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
