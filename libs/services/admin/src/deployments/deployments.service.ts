import { Injectable } from '@nestjs/common';
import { BotDeployment, Errors } from '@platform/contracts';
import { AccessNotices } from '../access/access-notices';
import { BotSecrets } from '../bots/bot-secrets';
import { BotsRepository } from '../bots/bots.repository';
import { DeploymentKeysRepository } from './deployment-keys.repository';

/** Answers the bots service, which runs bots' deployed code (docs/bot-hosting.md). */
@Injectable()
export class DeploymentsService {
  constructor(
    private readonly bots: BotsRepository,
    private readonly secrets: BotSecrets,
    private readonly keys: DeploymentKeysRepository,
    private readonly notices: AccessNotices,
  ) {}

  /** The bot's current code and what its process needs; 404 when the bot has no code (or no longer exists). */
  async deployment(botId: string): Promise<BotDeployment> {
    const bot = await this.bots.findWithCode(botId);
    if (!bot?.code || !bot.deployedAt) throw Errors.notFound('Deployment of bot', botId);
    const token = await this.keys.ensure(bot.id, bot.deployedAt);
    if (token === undefined) throw Errors.notFound('Deployment of bot', botId);
    return {
      botId: bot.id,
      deployedAt: bot.deployedAt.toISOString(),
      revision: bot.updatedAt.toISOString(),
      code: bot.code,
      configuration: bot.definition.configuration.data,
      secrets: await this.secrets.values(bot.id),
      token,
    };
  }

  /** The keys of older deployments stop working on every replica before this answers. */
  async retireKeys(botId: string, deployedAt: string): Promise<Record<string, never>> {
    const revoked = await this.keys.retireBefore(botId, new Date(deployedAt));
    if (revoked.length > 0) await this.notices.tokensRevoked(revoked);
    return {};
  }
}
