import { RuntimeAuthorization } from '@platform/contracts';
import { AuthorizationCache } from './authorization-cache';

const grant = (botId: string, workspaceId = 'wkspace_1'): RuntimeAuthorization => ({ botId, workspaceId, integrations: [] });

/** A lookup that counts how often the admin service would have been asked. */
function counted(answer: RuntimeAuthorization) {
  const lookup = jest.fn(async () => answer);
  return lookup;
}

describe('AuthorizationCache', () => {
  let now: number;
  let cache: AuthorizationCache;

  beforeEach(() => {
    now = 1000;
    cache = new AuthorizationCache(5000, 3, () => now);
  });

  it('reuses a grant until its TTL runs out, then asks again', async () => {
    const lookup = counted(grant('bot_a'));
    await cache.get('hash_1', 'bot_a', lookup);
    await cache.get('hash_1', 'bot_a', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    now += 5000;
    await cache.get('hash_1', 'bot_a', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('keeps grants apart per token and per bot', async () => {
    const lookup = counted(grant('bot_a'));
    await cache.get('hash_1', 'bot_a', lookup);
    await cache.get('hash_2', 'bot_a', lookup);
    await cache.get('hash_1', 'bot_b', counted(grant('bot_b')));
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(3);
  });

  it('never keeps a refusal', async () => {
    const refused = jest.fn(async (): Promise<RuntimeAuthorization> => {
      throw new Error('403');
    });
    await expect(cache.get('hash_1', 'bot_a', refused)).rejects.toThrow('403');
    await expect(cache.get('hash_1', 'bot_a', refused)).rejects.toThrow('403');
    expect(refused).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('drops every grant of a revoked token, and only those', async () => {
    await cache.get('hash_1', 'bot_a', counted(grant('bot_a')));
    await cache.get('hash_1', 'bot_b', counted(grant('bot_b')));
    await cache.get('hash_2', 'bot_a', counted(grant('bot_a')));
    cache.forgetAccess({ tokenHashes: ['hash_1'] });
    expect(cache.size).toBe(1);
    const lookup = counted(grant('bot_a'));
    await cache.get('hash_1', 'bot_a', lookup);
    await cache.get('hash_2', 'bot_a', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('drops every grant in a workspace whose memberships changed', async () => {
    await cache.get('hash_1', 'bot_a', counted(grant('bot_a', 'wkspace_1')));
    await cache.get('hash_2', 'bot_b', counted(grant('bot_b', 'wkspace_2')));
    cache.forgetAccess({ workspaceIds: ['wkspace_1'] });
    expect(cache.size).toBe(1);
    const lookup = counted(grant('bot_b', 'wkspace_2'));
    await cache.get('hash_2', 'bot_b', lookup);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('drops every grant on a bot that changed or went', async () => {
    await cache.get('hash_1', 'bot_a', counted(grant('bot_a')));
    await cache.get('hash_2', 'bot_a', counted(grant('bot_a')));
    await cache.get('hash_1', 'bot_b', counted(grant('bot_b')));
    cache.forgetBot({ botId: 'bot_a', webhookIds: [] });
    expect(cache.size).toBe(1);
  });

  it('does not keep an answer that a notice arriving during the lookup may have voided', async () => {
    let answer!: (value: RuntimeAuthorization) => void;
    const pending = cache.get('hash_1', 'bot_a', () => new Promise((resolve) => (answer = resolve)));
    cache.forgetAccess({ tokenHashes: ['hash_1'] });
    answer(grant('bot_a'));
    await pending;
    expect(cache.size).toBe(0);
    const lookup = counted(grant('bot_a'));
    await cache.get('hash_1', 'bot_a', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('holds at most its maximum, evicting the oldest', async () => {
    for (const bot of ['bot_a', 'bot_b', 'bot_c', 'bot_d']) await cache.get('hash_1', bot, counted(grant(bot)));
    expect(cache.size).toBe(3);
    const lookup = counted(grant('bot_a'));
    await cache.get('hash_1', 'bot_a', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
  });
});
