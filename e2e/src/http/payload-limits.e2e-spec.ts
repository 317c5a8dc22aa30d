import { createChatBot, client, defaultWorkspaceId, expectErrorBody, raw } from '@platform/testing';

const MB = 1024 * 1024;

/**
 * A route of each family that takes a body, with the credential headers it needs: the route and
 * the credential are checked before the body is read, so the limit is met past both.
 */
const FAMILIES: Array<{ name: string; path: string; limit: number; headers: Record<string, string> }> = [
  { name: 'runtime', path: '/v1/chat/integrations/configure', limit: 1 * MB, headers: { authorization: 'Bearer whatever', 'x-bot-id': 'some-bot' } },
  { name: 'admin', path: '/v1/admin/bots', limit: 50 * MB, headers: { authorization: 'Bearer whatever', 'x-workspace-id': 'some-workspace' } },
  { name: 'chat', path: '/chat/some-webhook/users', limit: 1 * MB, headers: {} },
  { name: 'tables', path: '/v1/tables/someTable/rows', limit: 40 * MB, headers: { authorization: 'Bearer whatever', 'x-bot-id': 'some-bot' } },
];

/** Families whose address is reserved but that serve no route yet. */
const RESERVED = [
  { name: 'files', path: '/v1/files/anything' },
  { name: 'webhook', path: '/webhook/some-webhook' },
];

/** `total` bytes of a JSON document, sent in 64 KiB chunks with no Content-Length. */
function* jsonChunks(total: number): Generator<Buffer> {
  const head = Buffer.from('{"padding":"');
  const tail = Buffer.from('"}');
  yield head;
  let left = total - head.length - tail.length;
  const block = Buffer.alloc(64 * 1024, 'a');
  while (left > 0) {
    const n = Math.min(left, block.length);
    yield block.subarray(0, n);
    left -= n;
  }
  yield tail;
}

/** A JSON body of exactly `size` bytes. */
function jsonOfSize(size: number, field = 'padding'): string {
  const shell = `{"${field}":""}`;
  return `{"${field}":"${'a'.repeat(size - shell.length)}"}`;
}

describe('payload limits (docs/contracts.md, "Payload limits")', () => {
  describe.each(FAMILIES)('$name family ($path)', ({ path, limit, headers }) => {
    it('refuses a body announced over the limit by Content-Length, without reading it', async () => {
      const res = await raw('POST', path, { headers: { ...headers, 'content-type': 'application/json', 'content-length': String(limit + 1) } });
      expect(res.status).toBe(413);
      expectErrorBody(res.json, 413, 'PayloadTooLarge');
      expect(res.headers.connection).toBe('close');
    });

    it('refuses a chunked body once it grows over the limit', async () => {
      const res = await raw('POST', path, {
        headers: { ...headers, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks: jsonChunks(limit + 1),
      });
      expect(res.json?.message).toMatch(/exceeds the limit/);
      expect(res.status).toBe(413);
      expectErrorBody(res.json, 413, 'PayloadTooLarge');
    });
  });

  it.each(RESERVED)('$name answers 404 at once while it has no route, whatever the body', async ({ path }) => {
    const small = await raw('POST', path, { headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(small.status).toBe(404);
    expectErrorBody(small.json, 404, 'ResourceNotFound');
    const huge = await raw('POST', path, { headers: { 'content-type': 'application/json', 'content-length': String(500 * MB) } });
    expect(huge.status).toBe(404);
  });

  it('accepts a runtime body of exactly 1 MB and refuses one byte more', async () => {
    const headers = { 'content-type': 'application/json', authorization: 'Bearer whatever', 'x-bot-id': 'some-bot' };
    const atLimit = await raw('POST', '/v1/chat/integrations/configure', { headers, body: jsonOfSize(MB, 'identifier') });
    // Past the limit check, the body is validated: the identifier is far too long.
    expect(atLimit.status).toBe(400);
    expectErrorBody(atLimit.json, 400, 'InvalidPayload');
    const over = await raw('POST', '/v1/chat/integrations/configure', { headers, body: jsonOfSize(MB + 1, 'identifier') });
    expect(over.status).toBe(413);
  });

  it('carries bodies and replies larger than the NATS max_payload by reference', async () => {
    const workspaceId = await defaultWorkspaceId();
    const admin = client({ workspaceId });
    // 3 MB of configuration: over NATS' default 1 MB max_payload both ways.
    const big = { blob: 'x'.repeat(3 * MB), nested: Array.from({ length: 1000 }, (_, i) => ({ i, s: `item-${i}` })) };
    const { bot } = await admin.createBot({ name: 'large', configuration: { data: big, schema: {} } });
    expect(bot.configuration.data).toEqual(big);
    const { bot: fetched } = await admin.getBot({ id: bot.id });
    expect(fetched.configuration.data).toEqual(big);
  });

  it('refuses a chat message over 1 MB with the chat client', async () => {
    const { chat } = await createChatBot();
    const user = await chat.createUser({});
    const { conversation } = await chat.createConversation({ 'x-user-key': user.key });
    await expect(
      chat.createMessage({ 'x-user-key': user.key, conversationId: conversation.id, payload: { type: 'text', text: 'a'.repeat(MB) } }),
    ).rejects.toMatchObject({ type: 'PayloadTooLarge', code: 413 });
  });
});
