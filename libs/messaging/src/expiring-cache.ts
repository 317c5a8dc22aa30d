/**
 * Answers of another service, reused for a short while and dropped as soon as that service
 * publishes a notice that they changed. The TTL only bounds the harm of a lost notice.
 *
 * A lookup that was under way when a notice arrived may carry an answer the notice voided: it is
 * returned to its caller but not stored. Lookups that fail are never stored either.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** Bumped by every forget, so a lookup can tell whether one happened while it ran. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, lookup: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const started = this.generation;
    const value = await lookup();
    if (this.generation === started) {
      // The oldest insertion goes first: Maps iterate in insertion order.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    }
    return value;
  }

  forget(matches: (key: string, value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }

  forgetKeys(keys: Iterable<string>): void {
    const doomed = new Set(keys);
    this.forget((key) => doomed.has(key));
  }

  get size(): number {
    return this.entries.size;
  }
}
