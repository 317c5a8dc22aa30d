import { Injectable, Logger } from '@nestjs/common';
import { AccessInvalidation, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { AccessGrants } from './access-grants';

/**
 * Tells every replica of every service that authorisations it may have cached are void: a token
 * or key was deleted, a workspace's memberships changed, or an account's details did. This
 * replica's own grants are dropped before the notice goes, and the notice before the change is
 * answered, so the caller's very next request is already judged on the new state.
 */
@Injectable()
export class AccessNotices {
  private readonly logger = new Logger('AccessNotices');

  constructor(
    private readonly bus: BusClient,
    private readonly grants: AccessGrants,
  ) {}

  tokensRevoked(tokenHashes: string[]): Promise<void> {
    return this.publish({ tokenHashes });
  }

  workspaceChanged(workspaceId: string): Promise<void> {
    return this.publish({ workspaceIds: [workspaceId] });
  }

  accountChanged(accountId: string): Promise<void> {
    return this.publish({ accountIds: [accountId] });
  }

  private async publish(notice: AccessInvalidation): Promise<void> {
    this.grants.forget(notice);
    // A lost notice leaves caches to expire on their own (seconds): the change itself stands.
    await this.bus.publish(Subjects.invalidate.access, notice).catch((error: Error) => {
      this.logger.warn(`Could not publish an access invalidation: ${error.message}`);
    });
  }
}
