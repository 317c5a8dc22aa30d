import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let now = 0;
  const cache = () => new ExpiringCache<string>(1000, 2, () => now);

  beforeEach(() => (now = 0));

  it('reuses an answer until its TTL, then asks again', async () => {
    const c = cache();
    const lookup = jest.fn(async () => 'v');
    await c.get('k', lookup);
    now = 999;
    await c.get('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    now = 1000;
    await c.get('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest entry past its size bound', async () => {
    const c = cache();
    for (const key of ['a', 'b', 'c']) await c.get(key, async () => key);
    expect(c.size).toBe(2);
    const lookup = jest.fn(async () => 'a again');
    expect(await c.get('a', lookup)).toBe('a again');
  });

  it('forgets on notice, and does not store an answer a notice overtook', async () => {
    const c = cache();
    await c.get('k', async () => 'old');
    c.forgetKeys(['k']);
    expect(c.size).toBe(0);
    let release!: (v: string) => void;
    const pending = c.get('k', () => new Promise<string>((r) => (release = r)));
    c.forget(() => false);
    release('stale');
    expect(await pending).toBe('stale');
    expect(c.size).toBe(0);
  });

  it('stores nothing when the lookup fails', async () => {
    const c = cache();
    await expect(c.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(c.size).toBe(0);
  });
});
