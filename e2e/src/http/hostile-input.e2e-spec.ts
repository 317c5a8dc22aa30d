import { connect, Socket } from 'node:net';
import { client, createChatBot, defaultWorkspaceId, e2e, expectErrorBody, raw } from '@platform/testing';

const MB = 1024 * 1024;

/** Sends raw bytes on a fresh connection and reads until the server answers or closes. */
function exchange(bytes: Buffer | string, { keepOpenMs = 0 } = {}): Promise<{ status: number; head: string; text: string; elapsedMs: number }> {
  const { port, hostname } = new URL(e2e.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const end = answer.indexOf('\r\n\r\n');
      resolve({ status, head: answer.slice(0, end), text: answer.slice(end + 4), elapsedMs: Date.now() - started });
    });
    socket.write(bytes);
    if (!keepOpenMs) socket.end();
  });
}

/**
 * Bodies and requests an attacker (or a bad client) sends: each gets a clear 4xx in the standard
 * error body, fast, without the gateway reading what it does not need or holding on to anything.
 */
describe('hostile input at the gateway', () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = await defaultWorkspaceId();
  });

  it('answers an unknown route at once, without reading its body', async () => {
    const started = Date.now();
    const res = await raw('POST', '/webhook/nobody', {
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: (function* () {
        for (let i = 0; i < 400; i++) yield Buffer.alloc(256 * 1024, 'a'); // 100 MB, never read
      })(),
    });
    expect(res.status).toBe(404);
    expectErrorBody(res.json, 404, 'ResourceNotFound');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a missing credential before reading the body', async () => {
    const res = await raw('PUT', '/v1/admin/bots/some-bot', {
      headers: { 'content-type': 'application/json', 'x-workspace-id': workspaceId },
      chunks: (function* () {
        yield Buffer.from('{"padding":"');
        for (let i = 0; i < 150; i++) yield Buffer.alloc(256 * 1024, 'a');
        yield Buffer.from('"}');
      })(),
    });
    expect(res.status).toBe(401);
    expectErrorBody(res.json, 401, 'Unauthorized');
  });

  it('refuses JSON nested past the limit, naming it, without blocking anything else, and reads the rest of the body so that the sender gets the answer', async () => {
    // Far more than the connection's buffers hold: a gateway that stopped reading at the refusal
    // would close the connection under the sender (a reset, which may come before the answer is read).
    const body = `{"configuration":{"data":${'['.repeat(20_000_000)}`;
    const [deep, health] = await Promise.all([
      raw('POST', '/v1/admin/bots', {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId },
        body,
        untilClosed: true,
      }),
      raw('GET', '/health'),
    ]);
    expect(deep.status).toBe(400);
    expectErrorBody(deep.json, 400, 'InvalidPayload');
    expect(deep.json.message).toMatch(/deeper than 64 levels/);
    expect(deep.uploadError).toBeUndefined();
    expect(health.status).toBe(200);
  });

  it('refuses an object with too many members, with a short message', async () => {
    const members = Array.from({ length: 10_001 }, (_, i) => `"k${i}":1`).join(',');
    const { chatApiUrl, webhookId } = await createChatBot();
    expect(chatApiUrl).toContain(webhookId);
    const res = await raw('POST', `/chat/${webhookId}/users`, { headers: { 'content-type': 'application/json' }, body: `{${members}}` });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/more than 10000 members/);
    expect(res.text.length).toBeLessThan(1000);
  });

  it('refuses invalid UTF-8 and lone surrogates instead of storing something else', async () => {
    const { webhookId } = await createChatBot();
    const headers = { 'content-type': 'application/json' };
    const invalid = await raw('POST', `/chat/${webhookId}/users`, {
      headers,
      body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toMatch(/UTF-8/);
    const surrogate = await raw('POST', `/chat/${webhookId}/users`, { headers, body: '{"name":"\\ud800"}' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.json.message).toMatch(/surrogate/);
  });

  it.each([
    ['a path segment that is not UTF-8', '/v1/chat/users/%C3%28', /UTF-8/],
    ['a path segment that is not percent-encoding', '/v1/chat/users/%ZZ', /UTF-8/],
    ['a query that is not UTF-8', '/v1/chat/users?name=%C3%28', /UTF-8/],
    ['an encoded NUL in the path', '/v1/chat/users/a%00b', /U\+0000/],
    ['an encoded NUL in the query', '/v1/chat/conversations?nextToken=%00', /U\+0000/],
  ])('refuses %s before routing, with the standard body, the request id and the security headers', async (_, path, message) => {
    const res = await exchange(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Request-Id: e2e-bad-url\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expectErrorBody(JSON.parse(res.text), 400, 'InvalidPayload');
    expect(JSON.parse(res.text).message).toMatch(message);
    expect(res.head).toMatch(/^x-request-id: e2e-bad-url$/im);
    // Whatever refuses it (the router or the check of every request), the answer carries the security headers.
    expect(res.head).toMatch(/^x-content-type-options: nosniff$/im);
  });

  it('routes a path with a trailing slash as the path without it, and answers an unknown path with the standard 404', async () => {
    const headers = { authorization: `Bearer ${e2e.token}` };
    const slashed = await raw('GET', '/v1/admin/workspaces/', { headers });
    expect(slashed.status).toBe(200);
    const unknown = await raw('GET', '/v1/admin/no-such-thing?x=1', { headers });
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.json, 404, 'ResourceNotFound');
    expect(unknown.json.message).toBe('No route for GET /v1/admin/no-such-thing');
  });

  it('answers a body shorter than its Content-Length with 408 once it stalls', async () => {
    const { webhookId } = await createChatBot();
    const res = await exchange(
      `POST /chat/${webhookId}/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"x`,
      { keepOpenMs: 1 },
    );
    expect(res.status).toBe(408);
    expectErrorBody(JSON.parse(res.text), 408, 'OperationTimeout');
  });

  it('answers headers that are too large with 431 and the standard body', async () => {
    const res = await exchange(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expectErrorBody(JSON.parse(res.text), 431, 'PayloadTooLarge');
  });

  it('sends security headers with every answer', async () => {
    const res = await raw('GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives back the memory of uploads that were abandoned: the next request is served at once', async () => {
    const token = e2e.token;
    const uploads = Array.from({ length: 8 }, () => {
      const { port, hostname } = new URL(e2e.url);
      const socket = connect(Number(port), hostname);
      socket.write(
        `PUT /v1/admin/bots/abandoned HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nX-Workspace-Id: ${workspaceId}\r\nContent-Type: application/json\r\nContent-Length: ${40 * MB}\r\n\r\n{"name":"`,
      );
      for (let i = 0; i < 64; i++) socket.write(Buffer.alloc(256 * 1024, 'a'));
      return socket;
    });
    await new Promise((r) => setTimeout(r, 500));
    for (const socket of uploads) socket.destroy();
    const { bot } = await client({ workspaceId }).createBot({ name: 'after the flood' });
    expect(bot.name).toBe('after the flood');
  });
});
