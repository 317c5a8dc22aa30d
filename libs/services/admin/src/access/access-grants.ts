import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AccessInvalidation, Subjects } from '@platform/contracts';
import { BusClient, ExpiringCache } from '@platform/messaging';
import type { TokenAccess } from './access.repository';

/** How long a grant is reused when no notice voids it sooner: the same bound as the other services' grants. */
const GRANT_TTL_MS = 5000;
const MAX_GRANTS = 10000;

interface Grant {
  tokenHash: string;
  workspaceId?: string;
  access: TokenAccess;
}

/**
 * The admin service's own grants (a token's account and its membership of a workspace), reused
 * for a few seconds: every admin request is authorised, and reading the grant was one of the two
 * statements of a list. Revocation does not wait for the TTL: every change that narrows or alters
 * a grant publishes an access notice (`AccessNotices`), which drops it here at once and on every
 * other replica when the notice arrives.
 *
 * Only grants are kept: an unknown token, a missing workspace or a non-member is asked again
 * every time, so a new token or member works at once.
 */
@Injectable()
export class AccessGrants implements OnApplicationBootstrap {
  private readonly grants = new ExpiringCache<Grant>({ ttlMs: GRANT_TTL_MS, maxEntries: MAX_GRANTS });

  constructor(private readonly bus: BusClient) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.access, (notice) => this.forget(notice as AccessInvalidation));
  }

  /** The cached grant of this token (in this workspace, if one is named), else `lookup`'s. Keyed by the token's SHA-256, never the token. */
  async get(tokenHash: string, workspaceId: string | undefined, lookup: () => Promise<TokenAccess>): Promise<TokenAccess> {
    const grant = await this.grants.get(
      `${tokenHash}:${workspaceId ?? ''}`,
      async () => ({ tokenHash, workspaceId, access: await lookup() }),
      ({ access }) => workspaceId === undefined || access.member !== null,
    );
    return grant.access;
  }

  forget(notice: AccessInvalidation): void {
    const tokens = new Set(notice.tokenHashes ?? []);
    const workspaces = new Set(notice.workspaceIds ?? []);
    const accounts = new Set(notice.accountIds ?? []);
    this.grants.forget(
      (_, grant) =>
        tokens.has(grant.tokenHash) || (grant.workspaceId !== undefined && workspaces.has(grant.workspaceId)) || accounts.has(grant.access.account.id),
    );
  }
}
