import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  AccessInvalidation,
  BotInvalidation,
  Errors,
  InstalledIntegration,
  integrationKey,
  InternalOperations as Internal,
  RuntimeAuthorization,
  RuntimeCaller,
  ServiceCaller,
  Subjects,
} from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { AuthorizationCache } from './authorization-cache';
import { BotAccess } from './bot-access';

/** The service that asks the admin service for grants, as it names itself. */
export const BOT_ACCESS_ASKER = Symbol('BOT_ACCESS_ASKER');

/** How long a grant is reused when no notice voids it sooner. */
const GRANT_TTL_MS = 5000;
const MAX_GRANTS = 10000;

/**
 * Callers of a bot's APIs (runtime, tables, files) are authorised by the admin service, which owns
 * tokens, members and bots; its grants are cached briefly and dropped on every replica as soon as
 * the admin service says so.
 */
@Injectable()
export class BotAccessService implements OnApplicationBootstrap {
  private readonly grants = new AuthorizationCache(GRANT_TTL_MS, MAX_GRANTS);

  constructor(
    private readonly bus: BusClient,
    @Inject(BOT_ACCESS_ASKER) private readonly asker: ServiceCaller,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.access, (notice) => this.grants.forgetAccess(notice as AccessInvalidation));
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.grants.forgetBot(notice as BotInvalidation));
  }

  authorize(caller: RuntimeCaller): Promise<RuntimeAuthorization> {
    return this.grants.get(
      caller.tokenHash,
      caller.botId,
      () =>
        this.bus.call(
          Internal.authorizeRuntime,
          serviceEnvelope(this.asker, { body: { tokenHash: caller.tokenHash, botId: caller.botId } }),
        ) as Promise<RuntimeAuthorization>,
    );
  }

  /**
   * The caller's access to a second bot it writes to (copyFile's `x-destination-bot-id`): a bot of
   * the same workspace where it may create files, through the same integration if it names one
   * (which must be installed there too). Asked afresh each time: such writes are rare, and a
   * refusal or a revocation then needs no notice.
   */
  async destination(caller: RuntimeCaller, destinationBotId: string): Promise<BotAccess> {
    const authorization = (await this.bus.call(
      Internal.authorizeDestinationBot,
      serviceEnvelope(this.asker, { body: { tokenHash: caller.tokenHash, botId: caller.botId, destinationBotId } }),
    )) as RuntimeAuthorization;
    return new BotAccess(authorization.botId, this.integrationOf(caller, authorization));
  }

  /** The integration instance named by `x-integration-alias`, or else by `x-integration-id`; none if neither is sent. */
  integrationOf(caller: RuntimeCaller, authorization: RuntimeAuthorization): InstalledIntegration | undefined {
    const installed = authorization.integrations;
    if (caller.integrationAlias) {
      const found = installed.find((i) => i.alias === caller.integrationAlias);
      if (!found) throw Errors.notFound('Integration instance', caller.integrationAlias);
      return found;
    }
    if (caller.integrationId) {
      const matches = installed.filter((i) => i.integrationId === integrationKey(caller.integrationId!));
      if (matches.length === 0) throw Errors.notFound('Integration', caller.integrationId);
      if (matches.length > 1) {
        throw Errors.invalidPayload(`Integration '${caller.integrationId}' is installed more than once; send x-integration-alias`);
      }
      return matches[0];
    }
    return undefined;
  }
}
