export interface TurnBatchesOptions<T, R> {
  /** Items of one shape go in one statement (its text depends on the shape and the count only). */
  shape: (item: T) => string;
  /** At most this many items in a statement. */
  max: number;
  /** Runs the statement of items together, answering each one's result in order. */
  run: (items: T[]) => Promise<R[]>;
}

/** An item waiting for its statement, with how to answer it. */
interface Gathered<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLSTATE classes of an error that the server answered for the statement itself, which it then
 * rolled back: data (22), constraints (23), deadlocks and serialization (40). Only after such an
 * error are the items tried again one by one. After any other (a connection lost, a timeout), the
 * statement may have committed, and trying again could write twice.
 */
const ROLLED_BACK = /^(22|23|40)/;

/**
 * Statements of one event-loop turn go out together: the first item of a shape schedules a
 * statement at the end of the turn (setImmediate), and the items of that shape that come before it
 * join it, up to `max` (more make another statement). Under load a process reads many requests in
 * one turn (they come batched from NATS), and each would otherwise cost a statement, a round trip
 * (and, for a write, a commit) of its own; a quiet process runs its statement at the end of the
 * turn it was asked in, as good as at once. A statement runs in the async context of its first
 * item. When a statement of several fails and the database rolled it back, each item is tried
 * alone, so that one item's failure stays its own.
 */
export class TurnBatches<T, R> {
  /** The items of each shape gathered in this turn (a shape is here while its statement is scheduled). */
  private readonly gathering = new Map<string, Gathered<T, R>[]>();

  constructor(private readonly options: TurnBatchesOptions<T, R>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const shape = this.options.shape(item);
      let gathered = this.gathering.get(shape);
      if (!gathered) {
        this.gathering.set(shape, (gathered = []));
        setImmediate(() => {
          this.gathering.delete(shape);
          for (let start = 0; start < gathered!.length; start += this.options.max) void this.run(gathered!.slice(start, start + this.options.max));
        });
      }
      gathered.push({ item, resolve, reject });
    });
  }

  private async run(entries: Gathered<T, R>[]): Promise<void> {
    try {
      const results = await this.options.run(entries.map((entry) => entry.item));
      entries.forEach((entry, i) => entry.resolve(results[i]));
    } catch (error) {
      const rolledBack = ROLLED_BACK.test(String((error as { code?: unknown }).code ?? ''));
      if (entries.length === 1 || !rolledBack) {
        for (const entry of entries) entry.reject(error);
        return;
      }
      await Promise.all(entries.map((entry) => this.run([entry])));
    }
  }
}
