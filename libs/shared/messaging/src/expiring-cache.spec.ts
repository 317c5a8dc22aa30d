import { Errors } from '@platform/contracts';
import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let now = 0;
  const cache = (staleOnOutageMs = 0) => new ExpiringCache<{ v: string }>({ ttlMs: 1000, maxEntries: 2, staleOnOutageMs, now: () => now });
  beforeEach(() => (now = 1));

  it('reuses an answer until its TTL, then asks again', async () => {
    const c = cache();
    const lookup = jest.fn(async () => ({ v: 'v' }));
    await c.get('k', lookup);
    now = 1000;
    await c.get('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    now = 1001;
    await c.get('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used entry past its size bound', async () => {
    const c = cache();
    for (const key of ['a', 'b', 'c']) await c.get(key, async () => ({ v: key }));
    expect(c.size).toBe(2);
    const lookup = jest.fn(async () => ({ v: 'a again' }));
    expect(await c.get('a', lookup)).toEqual({ v: 'a again' });
  });

  it('forgets on notice, and does not store an answer a notice overtook', async () => {
    const c = cache();
    await c.get('k', async () => ({ v: 'old' }));
    c.forgetKeys(['k']);
    expect(c.size).toBe(0);
    let release!: (v: { v: string }) => void;
    const pending = c.get('k', () => new Promise<{ v: string }>((r) => (release = r)));
    c.forget(() => false);
    release({ v: 'stale' });
    expect(await pending).toEqual({ v: 'stale' });
    expect(c.size).toBe(0);
  });

  it('stores only the answers `keep` accepts', async () => {
    const c = cache();
    const keep = (value: { v: string }) => value.v !== 'refused';
    expect(await c.get('k', async () => ({ v: 'refused' }), keep)).toEqual({ v: 'refused' });
    expect(c.size).toBe(0);
    await c.get('k', async () => ({ v: 'granted' }), keep);
    expect(await c.get('k', async () => ({ v: 'asked again' }), keep)).toEqual({ v: 'granted' });
  });

  it('stores nothing when the lookup fails', async () => {
    const c = cache();
    await expect(c.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(c.size).toBe(0);
  });

  it('serves the last answer while its owner is unreachable, within the bound, and never after a refusal', async () => {
    const c = cache(5000);
    await c.get('k', async () => ({ v: 'known' }));
    now = 3000;
    expect(await c.get('k', async () => Promise.reject(Errors.serviceUnavailable('admin')))).toEqual({ v: 'known' });
    await expect(c.get('k', async () => Promise.reject(Errors.notFound('Webhook', 'k')))).rejects.toMatchObject({ code: 404 });
    now = 7000;
    await expect(c.get('k', async () => Promise.reject(Errors.serviceUnavailable('admin')))).rejects.toMatchObject({ code: 503 });
  });
});
