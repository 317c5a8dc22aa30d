import { Injectable } from '@nestjs/common';
import { AnyOperation, Caller, Errors, RuntimeCaller, ServiceCaller } from '@platform/contracts';
import { AccessPolicy } from '@platform/messaging';
import { BotAccess } from './bot-access';
import { BotAccessService } from './bot-access.service';

/**
 * The access rule of a bot's APIs: a token the admin service authorises for the bot (a developer
 * of its workspace, or the bot's own API key), or a platform service acting for a bot through its
 * integration (the chat integration). Handlers receive a `BotAccess`.
 */
@Injectable()
export class BotAccessPolicy extends AccessPolicy {
  constructor(private readonly access: BotAccessService) {
    super();
  }

  protected async forCaller(operation: AnyOperation, caller: Caller): Promise<BotAccess> {
    if (operation.access.kind !== 'bot') throw Errors.forbidden(`${operation.name} is not an operation on a bot`);
    const runtime = caller as RuntimeCaller;
    const authorization = await this.access.authorize(runtime);
    try {
      return new BotAccess(authorization.botId, this.access.integrationOf(runtime, authorization));
    } catch (problem) {
      // Only operations that use the integration fail for naming one that is not installed.
      return new BotAccess(authorization.botId, undefined, problem as Error);
    }
  }

  /** A service acting for a bot names the bot, and the instance of its own integration. */
  protected override forService(operation: AnyOperation, caller: ServiceCaller): BotAccess | object {
    if (!caller.botId) {
      if (operation.access.kind !== 'bot') return {};
      throw Errors.invalidPayload(`Malformed request envelope: the ${caller.service} service must name the bot it acts for`);
    }
    const integration = caller.integrationAlias ? { alias: caller.integrationAlias, integrationId: caller.service } : undefined;
    return new BotAccess(caller.botId, integration, undefined, caller.userId);
  }
}
