import { StateSweeper } from './state-sweeper';
import { StatesRepository } from './states.repository';

/** A repository whose deletes answer the given batch sizes in turn. */
function repository(batches: Array<number | Error>) {
  const calls: Array<{ now: Date; limit: number }> = [];
  const repo = {
    deleteExpired: async (now: Date, limit: number) => {
      calls.push({ now, limit });
      const next = batches.shift() ?? 0;
      if (next instanceof Error) throw next;
      return next;
    },
  } as unknown as StatesRepository;
  return { repo, calls };
}

describe('StateSweeper', () => {
  it('deletes batch after batch while they come back full, all as of one instant', async () => {
    const { repo, calls } = repository([1000, 1000, 3]);
    const now = new Date('2026-01-01T00:00:00.000Z');
    await new StateSweeper(repo).sweep(now);
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.now === now && c.limit === 1000)).toBe(true);
  });

  it('stops at the first partial batch', async () => {
    const { repo, calls } = repository([0, 1000]);
    await new StateSweeper(repo).sweep();
    expect(calls).toHaveLength(1);
  });

  it('reports a failing database to its periodic runner and sweeps again next time', async () => {
    const { repo, calls } = repository([new Error('connection lost'), 2]);
    const sweeper = new StateSweeper(repo);
    await expect(sweeper.sweep()).rejects.toThrow('connection lost');
    await sweeper.sweep();
    expect(calls).toHaveLength(2);
  });
});
