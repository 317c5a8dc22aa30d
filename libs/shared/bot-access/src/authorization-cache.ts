import { AccessInvalidation, BotInvalidation, RuntimeAuthorization } from '@platform/contracts';
import { ExpiringCache } from '@platform/messaging';

interface Grant {
  tokenHash: string;
  value: RuntimeAuthorization;
}

/**
 * Authorisations the admin service granted, reused for a few seconds so that a busy bot does
 * not cost one admin round trip per call. Revocation does not wait for the TTL: the admin service
 * publishes a notice when a token or key is deleted, a membership changes, a workspace or a bot
 * goes, and every replica drops the matching entries (`forget*`).
 *
 * Only grants are kept: a refusal is asked again every time, so a new member or token works at once.
 */
export class AuthorizationCache {
  private readonly grants: ExpiringCache<Grant>;

  constructor(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
    this.grants = new ExpiringCache({ ttlMs, maxEntries, now });
  }

  /** The cached grant of this token on this bot, else `lookup`'s. Keyed by the token's SHA-256, never the token. */
  async get(tokenHash: string, botId: string, lookup: () => Promise<RuntimeAuthorization>): Promise<RuntimeAuthorization> {
    const grant = await this.grants.get(`${tokenHash}:${botId}`, async () => ({ tokenHash, value: await lookup() }));
    return grant.value;
  }

  forgetAccess(notice: AccessInvalidation): void {
    const tokens = new Set(notice.tokenHashes ?? []);
    const workspaces = new Set(notice.workspaceIds ?? []);
    this.grants.forget((_, grant) => tokens.has(grant.tokenHash) || workspaces.has(grant.value.workspaceId));
  }

  /** A bot changed or went: its integrations, or the bot itself, may be other than cached. */
  forgetBot(notice: BotInvalidation): void {
    this.grants.forget((_, grant) => grant.value.botId === notice.botId);
  }

  get size(): number {
    return this.grants.size;
  }
}
