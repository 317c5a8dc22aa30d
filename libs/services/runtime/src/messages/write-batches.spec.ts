import { AsyncLocalStorage } from 'node:async_hooks';
import { WriteBatches } from './write-batches';

/** Batches over a fake write that records each batch and answers each item doubled. */
function setUp(max: number) {
  const batches: number[][] = [];
  const follows: boolean[] = [];
  const queue = new WriteBatches<number, number>({
    max,
    together: (first, next) => first % 2 === next % 2,
    write: async (items, following) => {
      batches.push(items);
      follows.push(following);
      return items.map((item) => item * 2);
    },
  });
  return { queue, batches, follows };
}

describe('WriteBatches', () => {
  it('writes the first at once and what came meanwhile together, at most `max` at a time, in order', async () => {
    const { queue, batches, follows } = setUp(3);
    const results = await Promise.all([1, 3, 5, 7, 9, 11].map((item) => queue.write('key', item)));
    expect(batches).toEqual([[1], [3, 5, 7], [9, 11]]);
    expect(results).toEqual([2, 6, 10, 14, 18, 22]);
    // Only the first was started by its write; the others by the end of the batch before them.
    expect(follows).toEqual([false, true, true]);
  });

  it('starts a new batch at the first item that cannot go with the batch’s first, and keeps keys apart', async () => {
    const { queue, batches } = setUp(10);
    await Promise.all([queue.write('a', 1), queue.write('a', 3), queue.write('a', 2), queue.write('a', 5), queue.write('b', 7)]);
    expect(batches).toEqual([[1], [7], [3], [2], [5]]);
  });

  it('takes a new first write at once once the key has nothing waiting', async () => {
    const { queue, batches, follows } = setUp(10);
    await queue.write('a', 1);
    await queue.write('a', 3);
    expect(batches).toEqual([[1], [3]]);
    expect(follows).toEqual([false, false]);
  });

  it('writes each batch in the context of its first item, not of the write it followed', async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const queue = new WriteBatches<number, number>({
      max: 10,
      together: () => true,
      write: async (items) => {
        seen.push(context.getStore());
        return items;
      },
    });
    await Promise.all([1, 2, 3].map((item) => context.run(`request ${item}`, () => queue.write('key', item))));
    expect(seen).toEqual(['request 1', 'request 2']);
  });
});
