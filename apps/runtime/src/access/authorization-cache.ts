import { AccessInvalidation, BotInvalidation, RuntimeAuthorization } from '@platform/contracts';

interface Entry {
  tokenHash: string;
  value: RuntimeAuthorization;
  expires: number;
}

/**
 * Authorisations the admin service granted, reused for a few seconds so that a busy bot does
 * not cost one admin round trip per call. Revocation does not wait for the TTL: the admin service
 * publishes a notice when a token or key is deleted, a membership changes, a workspace or a bot
 * goes, and every replica drops the matching entries (`forget*`). The TTL only bounds the harm of
 * a notice lost on the way.
 *
 * Only grants are kept: a refusal is asked again every time, so a new member or token works at once.
 */
export class AuthorizationCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every notice. A lookup that started before a notice may carry an answer the
   * notice voided; it is then not stored.
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached grant of this token on this bot, else `lookup`'s answer (stored only if no notice
   * arrived meanwhile). The key is the SHA-256 of the token, never the token.
   */
  async get(tokenHash: string, botId: string, lookup: () => Promise<RuntimeAuthorization>): Promise<RuntimeAuthorization> {
    const key = `${tokenHash}:${botId}`;
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const started = this.generation;
    const value = await lookup();
    if (this.generation === started) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { tokenHash, value, expires: this.now() + this.ttlMs });
    }
    return value;
  }

  forgetAccess(notice: AccessInvalidation): void {
    const tokens = new Set(notice.tokenHashes ?? []);
    const workspaces = new Set(notice.workspaceIds ?? []);
    this.forget((e) => tokens.has(e.tokenHash) || workspaces.has(e.value.workspaceId));
  }

  /** A bot changed or went: its integrations, or the bot itself, may be other than cached. */
  forgetBot(notice: BotInvalidation): void {
    this.forget((e) => e.value.botId === notice.botId);
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(matches: (entry: Entry) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }
}
