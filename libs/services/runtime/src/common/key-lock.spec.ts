import { PlatformConfig } from '@platform/config';
import { KeyLock } from './key-lock';

/** Work that records when it starts and ends, and ends when told. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyLock on a single-session database (locks kept in the process)', () => {
  const lock = new KeyLock(Object.assign(new PlatformConfig(), { singleSessionDatabase: true }));

  afterAll(() => lock.onApplicationShutdown());

  it('runs work of one key one at a time, in order, and work of other keys meanwhile', async () => {
    const log: string[] = [];
    const [a1, a2, b] = [step(log, 'a1'), step(log, 'a2'), step(log, 'b')];
    const results = [lock.run('a', a1.work), lock.run('a', a2.work), lock.run('b', b.work)];
    await flush();
    expect(log).toEqual(['a1 starts', 'b starts']);
    a1.finish();
    await flush();
    expect(log).toEqual(['a1 starts', 'b starts', 'a1 ends', 'a2 starts']);
    a2.finish();
    b.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b']);
  });

  it('goes on with the next work of a key after one fails', async () => {
    const failed = lock.run('c', async () => {
      throw new Error('refused');
    });
    const next = lock.run('c', async () => 'next');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
  });
});
