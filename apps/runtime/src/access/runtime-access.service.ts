import { Injectable } from '@nestjs/common';
import { Errors, InstalledIntegration, RuntimeAuthorization, RuntimeCaller, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/** Runtime callers are authorised by the admin service, which owns tokens, members and bots. */
@Injectable()
export class RuntimeAccessService {
  constructor(private readonly bus: BusClient) {}

  authorize(caller: RuntimeCaller): Promise<RuntimeAuthorization> {
    return this.bus.request<RuntimeAuthorization>(Subjects.admin.authorizeRuntime, { tokenHash: caller.tokenHash, botId: caller.botId });
  }

  /** The integration instance named by `x-integration-alias`, or else by `x-integration-id`. */
  integrationOf(caller: RuntimeCaller, authorization: RuntimeAuthorization): InstalledIntegration {
    const installed = authorization.integrations;
    if (caller.integrationAlias) {
      const found = installed.find((i) => i.alias === caller.integrationAlias);
      if (!found) throw Errors.notFound('Integration instance', caller.integrationAlias);
      return found;
    }
    if (caller.integrationId) {
      const matches = installed.filter((i) => i.integrationId === caller.integrationId);
      if (matches.length === 0) throw Errors.notFound('Integration', caller.integrationId);
      if (matches.length > 1) {
        throw Errors.invalidPayload(`Integration '${caller.integrationId}' is installed more than once; send x-integration-alias`);
      }
      return matches[0];
    }
    throw Errors.invalidPayload('The x-integration-id or x-integration-alias header is required');
  }
}
