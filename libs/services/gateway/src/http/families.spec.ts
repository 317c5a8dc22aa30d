import { DEFAULT_MAX_BODY_BYTES, familyOf } from './families';

const MB = 1024 * 1024;

describe('familyOf', () => {
  it.each([
    ['/v1/chat/integrations/configure', 'runtime', MB],
    ['/v1/admin/bots', 'admin', 50 * MB],
    ['/v1/tables/t/rows', 'tables', 40 * MB],
    ['/v1/files/f', 'files', MB],
    ['/chat/wh/messages', 'chat', MB],
    ['/webchat/wh/messages', 'webchat', MB],
    ['/webhook/wh', 'webhook', 100 * MB],
  ])('%s belongs to the %s family (limit %d bytes)', (path, name, limit) => {
    expect(familyOf(path)).toMatchObject({ name, maxBodyBytes: limit });
  });

  it('does not confuse /v1/chat (runtime) with /chat (chat API)', () => {
    expect(familyOf('/v1/chat/messages')?.name).toBe('runtime');
    expect(familyOf('/chat/x/messages')?.name).toBe('chat');
  });

  it('leaves other paths to the small default limit', () => {
    expect(familyOf('/health')).toBeUndefined();
    expect(familyOf('/v1/other')).toBeUndefined();
    expect(DEFAULT_MAX_BODY_BYTES).toBeLessThan(MB);
  });
});
