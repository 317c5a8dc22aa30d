import { LRUCache } from 'lru-cache';

interface Entry<V> {
  value: V;
  /** Until when the value is used without asking again. */
  freshUntil: number;
}

export interface ExpiringCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /**
   * For how long past its TTL an answer is still served when asking again fails because the
   * owner is unreachable (503): a service keeps working through another's restart, with a bound.
   */
  staleOnOutageMs?: number;
  now?: () => number;
}

/**
 * Answers of another service, reused for a short while and dropped as soon as that service
 * publishes a notice that they changed. The TTL only bounds the harm of a lost notice.
 *
 * A lookup that was under way when a notice arrived may carry an answer the notice voided: it is
 * returned to its caller but not stored. Lookups that fail are never stored either. Storage and
 * eviction are lru-cache's; this adds notices and outage tolerance.
 */
export class ExpiringCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  /** Bumped by every forget, so a lookup can tell whether one happened while it ran. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: ExpiringCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlMs + (options.staleOnOutageMs ?? 0), ttlResolution: 0, perf: { now: this.now } });
  }

  /** `keep` says which answers are stored: one it refuses (e.g. a refusal, which must not outlive its cause) is only returned. */
  async get(key: string, lookup: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.freshUntil > this.now()) return entry.value;
    const started = this.generation;
    let value: V;
    try {
      value = await lookup();
    } catch (error) {
      // The owner is away: the last answer (within the stale bound) beats failing.
      if (entry && (error as { code?: number }).code === 503 && this.entries.has(key)) return entry.value;
      // Any other failure is the owner's answer: what was known no longer holds.
      if ((error as { code?: number }).code !== 503) this.entries.delete(key);
      throw error;
    }
    if (this.generation === started && keep(value)) this.entries.set(key, { value, freshUntil: this.now() + this.ttlMs });
    return value;
  }

  forget(matches: (key: string, value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries.entries()) if (matches(key, entry.value)) this.entries.delete(key);
  }

  forgetKeys(keys: Iterable<string>): void {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
