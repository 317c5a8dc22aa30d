import { Injectable } from '@nestjs/common';
import { DeliveryTarget, Errors, RuntimeAuthorization, WebhookResolution } from '@platform/contracts';
import { AccessService } from '../access/access.service';
import { BotEntity } from '../bots/bot.entity';
import { BotsRepository } from '../bots/bots.repository';
import { SigningSecrets } from '../bots/signing-secrets';
import { CHAT_INTEGRATION_ID } from '../bots/builtin-integrations';
import { BotApiKeysRepository } from './bot-api-keys.repository';

/** Answers the other services' questions about bots: runtime access and chat webhooks. */
@Injectable()
export class BotAccessService {
  constructor(
    private readonly access: AccessService,
    private readonly bots: BotsRepository,
    private readonly botApiKeys: BotApiKeysRepository,
    private readonly signingSecrets: SigningSecrets,
  ) {}

  /**
   * A runtime caller must be a developer (or above) of the bot's workspace, or hold an API key
   * of that very bot. An unknown bot and another tenant's bot answer the same 403, so bot ids
   * cannot be probed; a deleted key is unknown, so 401.
   */
  async authorizeRuntime(tokenHash: string, botId: string): Promise<RuntimeAuthorization> {
    const bak = await this.botApiKeys.findByTokenHash(tokenHash);
    const bot = bak ? (bak.botId === botId ? await this.bots.findById(botId) : null) : await this.memberBot(tokenHash, botId);
    if (!bot) throw Errors.forbidden(`The token may not act on bot '${botId}'`);
    return this.authorization(bot);
  }

  /**
   * A caller of bot `botId` (already authorised there) asking to write to `destinationBotId` too,
   * as copyFile's `x-destination-bot-id` does. The destination must be a bot of the same workspace:
   * an unknown bot and another workspace's answer the same 404, so ids cannot be probed across
   * tenants. Within the workspace, the caller needs the right to create files there: a developer
   * (or above) may, a bot's API key may write only to its own bot (403).
   */
  async authorizeDestinationBot(tokenHash: string, botId: string, destinationBotId: string): Promise<RuntimeAuthorization> {
    const [source, destination] = await Promise.all([this.bots.findById(botId), this.bots.findById(destinationBotId)]);
    if (!source || !destination || destination.workspaceId !== source.workspaceId) throw Errors.notFound('Bot', destinationBotId);
    const bak = await this.botApiKeys.findByTokenHash(tokenHash);
    if (bak) {
      if (bak.botId !== destination.id) throw Errors.forbidden(`A bot's API key may only write to its own bot, not to '${destinationBotId}'`);
    } else if (!(await this.access.hasRole(tokenHash, destination.workspaceId, 'developer'))) {
      throw Errors.forbidden(`The token may not create files in bot '${destinationBotId}'`);
    }
    return this.authorization(destination);
  }

  /** The bot, if the account holding the token is a developer (or above) of its workspace. */
  private async memberBot(tokenHash: string, botId: string): Promise<BotEntity | null> {
    const bot = await this.bots.findById(botId);
    // Asked even for an unknown bot: a token not valid is a 401 whatever bot it names.
    return (await this.access.hasRole(tokenHash, bot?.workspaceId, 'developer')) ? bot : null;
  }

  /** What a runtime caller may reach in the bot: the bot, its workspace and its installed integrations. */
  private async authorization(bot: BotEntity): Promise<RuntimeAuthorization> {
    const integrations = await this.bots.integrationsOf(bot.id);
    return {
      botId: bot.id,
      workspaceId: bot.workspaceId,
      integrations: integrations.map((i) => ({ alias: i.alias, integrationId: i.integrationId, webhookId: i.webhookId })),
    };
  }

  async deliveryTarget(botId: string): Promise<DeliveryTarget> {
    const bot = await this.bots.findById(botId);
    if (!bot) throw Errors.notFound('Bot', botId);
    const deployed = bot.deployedAt !== null && (await this.bots.hasCode(bot.id));
    return {
      botId: bot.id,
      url: bot.url,
      deployedAt: deployed ? bot.deployedAt!.toISOString() : null,
      revision: bot.updatedAt.toISOString(),
      configuration: bot.definition.configuration.data,
      signingSecrets: await this.signingSecrets.active(bot.id),
    };
  }

  async resolveWebhook(webhookId: string): Promise<WebhookResolution> {
    const instance = await this.bots.findIntegrationByWebhook(webhookId);
    if (!instance || instance.integrationId !== CHAT_INTEGRATION_ID || !instance.enabled) {
      throw Errors.notFound('Webhook', webhookId);
    }
    const { encryptionKey: configured, userKeyTtlSeconds } = instance.configuration;
    return {
      webhookId,
      botId: instance.botId,
      alias: instance.alias,
      encryptionKey: typeof configured === 'string' ? configured : instance.generatedKey,
      ...(typeof userKeyTtlSeconds === 'number' ? { userKeyTtlSeconds } : {}),
    };
  }
}
