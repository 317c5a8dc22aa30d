import { Injectable } from '@nestjs/common';
import { KeyLock } from './key-lock';
import { applyTagChanges, sameTags, TagChanges } from './tags';

export interface GetOrCreateSteps<T extends { tags: Record<string, string> }> {
  /** What identifies the lookup (resource, bot, scope, compared tags): equal keys run one at a time. */
  key: unknown[];
  /** The existing item the request designates, if any. */
  find(): Promise<T | null>;
  create(): Promise<T>;
  /** Stores the request's tag changes on the item found. */
  retag(item: T, tags: TagChanges): Promise<T>;
}

/**
 * The get-or-create rule of users, conversations and messages: the item found gets the
 * request's tags, else a new one is made. Concurrent requests for the same item agree on one.
 */
@Injectable()
export class GetOrCreate {
  constructor(private readonly lock: KeyLock) {}

  async run<T extends { tags: Record<string, string> }>(tags: TagChanges, steps: GetOrCreateSteps<T>): Promise<{ item: T; created: boolean }> {
    // The usual case (an integration asking again for the user or conversation of each message):
    // the item exists and has the tags already. Nothing is written, so no lock is needed, and none
    // is taken: a lock costs four statements on a pool of its own, which busy callers queue for.
    const existing = await steps.find();
    if (existing && unchanged(existing, tags)) return { item: existing, created: false };
    return this.lock.run(JSON.stringify(steps.key), async () => {
      // Looked up again under the lock: another request may have made or retagged it meanwhile.
      const found = await steps.find();
      if (!found) return { item: await steps.create(), created: true };
      return { item: unchanged(found, tags) ? found : await steps.retag(found, tags), created: false };
    });
  }
}

function unchanged(item: { tags: Record<string, string> }, tags: TagChanges): boolean {
  return sameTags(applyTagChanges(item.tags, tags), item.tags);
}
