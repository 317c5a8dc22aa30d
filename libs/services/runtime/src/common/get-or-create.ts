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

  run<T extends { tags: Record<string, string> }>(tags: TagChanges, steps: GetOrCreateSteps<T>): Promise<{ item: T; created: boolean }> {
    return this.lock.run(JSON.stringify(steps.key), async () => {
      const found = await steps.find();
      if (!found) return { item: await steps.create(), created: true };
      const unchanged = sameTags(applyTagChanges(found.tags, tags), found.tags);
      return { item: unchanged ? found : await steps.retag(found, tags), created: false };
    });
  }
}
