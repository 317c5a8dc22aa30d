import { TurnBatches } from './turn-batches';

/** Batches over a fake statement that records each call's items and answers each item doubled. */
function setUp(max = 3) {
  const calls: number[][] = [];
  const run = jest.fn(async (items: number[]) => {
    calls.push(items);
    return items.map((item) => item * 2);
  });
  const batches = new TurnBatches<number, number>({ max, shape: (item) => (item < 100 ? 'small' : 'large'), run });
  return { batches, calls, run };
}

const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatches', () => {
  it('runs the items of one turn in one statement, by shape, at most `max` at a time, answering each its own result', async () => {
    const { batches, calls } = setUp();
    const results = await Promise.all([1, 2, 100, 3, 4, 101].map((item) => batches.add(item)));
    expect(results).toEqual([2, 4, 200, 6, 8, 202]);
    expect(calls).toEqual([[1, 2, 3], [4], [100, 101]]);
  });

  it('runs items of a later turn in a statement of their own', async () => {
    const { batches, calls } = setUp();
    const first = batches.add(1);
    await turnEnd();
    await Promise.all([first, batches.add(2)]);
    expect(calls).toEqual([[1], [2]]);
  });

  it('tries each item alone after a statement the database rolled back, so that only the failing item fails', async () => {
    const { batches, run, calls } = setUp();
    run.mockImplementation(async (items: number[]) => {
      calls.push(items);
      if (items.includes(2)) throw Object.assign(new Error('violates check constraint'), { code: '23514' });
      return items.map((item) => item * 2);
    });
    const results = await Promise.allSettled([1, 2, 3].map((item) => batches.add(item)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails every item, without trying again, after an error that may have come after the commit', async () => {
    const { batches, run } = setUp();
    run.mockRejectedValueOnce(Object.assign(new Error('Connection terminated unexpectedly'), {}));
    const results = await Promise.allSettled([1, 2].map((item) => batches.add(item)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
