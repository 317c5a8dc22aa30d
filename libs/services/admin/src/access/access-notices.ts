import { Injectable, Logger } from '@nestjs/common';
import { AccessInvalidation, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/**
 * Tells every replica of every service that authorisations it may have cached are void: a token
 * or key was deleted, or a workspace's memberships changed. Sent before the change is answered,
 * so the caller's very next request is already judged on the new state.
 */
@Injectable()
export class AccessNotices {
  private readonly logger = new Logger('AccessNotices');

  constructor(private readonly bus: BusClient) {}

  tokensRevoked(tokenHashes: string[]): Promise<void> {
    return this.publish({ tokenHashes });
  }

  workspaceChanged(workspaceId: string): Promise<void> {
    return this.publish({ workspaceIds: [workspaceId] });
  }

  private async publish(notice: AccessInvalidation): Promise<void> {
    // A lost notice leaves caches to expire on their own (seconds): the change itself stands.
    await this.bus.publish(Subjects.invalidate.access, notice).catch((error: Error) => {
      this.logger.warn(`Could not publish an access invalidation: ${error.message}`);
    });
  }
}
