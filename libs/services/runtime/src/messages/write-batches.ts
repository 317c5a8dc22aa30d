import { AsyncResource } from 'node:async_hooks';

/** Runs work where it is called from: the context of an item whose batch starts as it is written. */
const here = <W>(work: () => W): W => work();

interface Waiting<T, R> {
  item: T;
  /** Runs work in the context the item was written from (its request, for the log lines of its batch). */
  inContext: <W>(work: () => W) => W;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatchesOptions<T, R> {
  /** Whether an item can go in the batch of the first. */
  together: (first: T, next: T) => boolean;
  /** At most this many items in a batch. */
  max: number;
  /**
   * Writes a batch, answering each item's result in order; `follows` when it was waiting for the
   * key's batch before it (started as that one ended), not started by a write that came.
   */
  write: (items: T[], follows: boolean) => Promise<R[]>;
}

/**
 * Writes of one key (a conversation) one batch at a time, in the order they came: the first goes
 * at once; those that come while it is being written wait here and go together as the next
 * batch (as many in a row as can go together, up to `max`). Writers of one row otherwise each
 * wait in Postgres for the one before them to commit: a row lock, a wake-up and a commit of its
 * own for each. A batch's failure is each of its items'.
 */
export class WriteBatches<T, R> {
  /** Per key with a batch being written: the items waiting for it to end. */
  private readonly waiting = new Map<string, Waiting<T, R>[]>();

  constructor(private readonly options: WriteBatchesOptions<T, R>) {}

  write(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) {
        // It waits, so its batch will start from another write's continuation: keep its own context.
        queue.push({ item, inContext: AsyncResource.bind(here), resolve, reject });
        return;
      }
      this.waiting.set(key, []);
      void this.drain(key, [{ item, inContext: here, resolve, reject }]);
    });
  }

  private async drain(key: string, first: Waiting<T, R>[]): Promise<void> {
    for (let batch = first, follows = false; batch.length > 0; batch = this.next(key), follows = true) {
      try {
        // A batch runs as its first item's work, whoever's write it followed.
        const results = await batch[0].inContext(() =>
          this.options.write(
            batch.map((entry) => entry.item),
            follows,
          ),
        );
        batch.forEach((entry, i) => entry.resolve(results[i]));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.waiting.delete(key);
  }

  /** The waiting items that go next, taken from the key's queue (none when it is empty). */
  private next(key: string): Waiting<T, R>[] {
    const queue = this.waiting.get(key)!;
    let count = Math.min(queue.length, 1);
    while (count < queue.length && count < this.options.max && this.options.together(queue[0].item, queue[count].item)) count++;
    return queue.splice(0, count);
  }
}
