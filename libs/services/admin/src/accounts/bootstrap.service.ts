import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { PlatformConfig } from '@platform/config';
import { newAccountId, newId } from '@platform/contracts';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { AccountsRepository } from './accounts.repository';

const BOOTSTRAP_LOCK = 0x62700001;

/**
 * First start (docs/contracts.md, "Authentication"): make sure an owner account and one workspace exist. With
 * BOOTSTRAP_TOKEN the owner holds that token (idempotent across restarts and replicas);
 * without it, a token is generated and shown once, on the very first start only.
 */
@Injectable()
export class BootstrapService implements OnModuleInit {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    private readonly config: PlatformConfig,
    private readonly accounts: AccountsRepository,
    private readonly workspaces: WorkspacesRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const given = this.config.bootstrapToken;
    const generated = await this.accounts.exclusively(BOOTSTRAP_LOCK, async (manager) => {
      // A given token that was ever issued, even if revoked since, is never issued again.
      if (given ? await this.accounts.tokenExists(hashSecret(given), manager) : (await this.accounts.countAccounts(manager)) > 0) {
        return undefined;
      }
      const token = given ?? newSecret('bp_pat');
      const now = new Date();
      const accountId = newAccountId();
      const email = await this.accounts.freeOwnerEmail(manager);
      await this.accounts.insertAccount(
        { id: accountId, email, displayName: 'Owner', profilePicture: null, platformOwner: true, createdAt: now, updatedAt: now },
        manager,
      );
      await this.accounts.insertToken(
        { id: newId('pat'), accountId, tokenHash: hashSecret(token), note: 'bootstrap', createdAt: now, revokedAt: null },
        manager,
      );
      const workspaceId = newId('wkspace');
      await this.workspaces.insertWithOwner(
        { id: workspaceId, name: 'Default workspace', ownerId: accountId, handle: null, createdAt: now, updatedAt: now },
        manager,
      );
      this.logger.log({ msg: 'Created the owner account and its workspace', workspaceId });
      return given ? undefined : { token, workspaceId };
    });
    if (generated) {
      // Shown once, outside the structured logs, so that log shipping never collects it.
      process.stderr.write(`\nOwner token (shown only once, keep it safe): ${generated.token}\nWorkspace id: ${generated.workspaceId}\n\n`);
    }
  }
}
