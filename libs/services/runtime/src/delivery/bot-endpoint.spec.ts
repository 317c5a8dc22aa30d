import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { PlatformConfig } from '@platform/config';
import { BotEndpoint } from './bot-endpoint';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A bot on this machine, answering each request with `handler`; it records what it received. */
async function botServer(handler: Handler, host = '127.0.0.1') {
  const received: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/') => `http://${host}:${port}${path}`,
    port,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function endpointWith(config: Partial<PlatformConfig> = {}): BotEndpoint {
  return new BotEndpoint({ deliveryAllowedNetworks: ['127.0.0.0/8'], deliveryTimeoutMs: 2000, ...config } as PlatformConfig);
}

const body = JSON.stringify({ event: { id: 'evt_1', type: 'message_created' } });
const headers = { 'x-bot-id': 'bot_1', 'x-bp-operation': 'event_received' };

describe('BotEndpoint (over HTTP, against a bot on this machine)', () => {
  const endpoint = endpointWith();
  const servers: Array<{ close(): Promise<void> }> = [];
  const bot = async (handler: Handler, host?: string) => {
    const server = await botServer(handler, host);
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    endpoint.onApplicationShutdown();
    await Promise.all(servers.map((s) => s.close()));
  });

  it('posts the body as JSON with the given headers, signed with each secret, and takes a 2xx', async () => {
    const server = await bot((_req, res) => res.writeHead(200).end('{}'));
    const outcome = await endpoint.deliver({ url: server.url('/bot'), body, headers, signingSecrets: ['current', 'rotated'] });
    expect(outcome).toEqual({ ok: true });
    const [request] = server.received;
    expect(request.url).toBe('/bot');
    expect(request.body).toBe(body);
    expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'x-bot-id': 'bot_1', 'x-bp-operation': 'event_received' });
    const timestamp = String(request.headers['x-bp-timestamp']);
    const sign = (secret: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    expect(request.headers['x-bp-signature']).toBe(`${sign('current')},${sign('rotated')}`);
  });

  it('sends no signature for a bot without signing secrets', async () => {
    const server = await bot((_req, res) => res.writeHead(204).end());
    expect(await endpoint.deliver({ url: server.url(), body, headers })).toEqual({ ok: true });
    expect(server.received[0].headers['x-bp-signature']).toBeUndefined();
  });

  it.each([
    [500, true],
    [503, true],
    [408, true],
    [425, true],
    [429, true],
    [400, false],
    [404, false],
  ])('answered %i: retried is %s', async (status, retry) => {
    const server = await bot((_req, res) => res.writeHead(status).end('no'));
    const outcome = await endpoint.deliver({ url: server.url(), body, headers });
    expect(outcome).toEqual({ ok: false, retry, reason: expect.stringContaining(`The bot answered ${status}`) });
  });

  it('follows a 307 or 308 to where it points, with the same body and headers', async () => {
    const target = await bot((_req, res) => res.writeHead(200).end());
    const first = await bot((_req, res) => res.writeHead(308, { location: target.url('/moved') }).end());
    const relative = await bot((req, res) => (req.url === '/start' ? res.writeHead(307, { location: '/next' }) : res.writeHead(202)).end());
    expect(await endpoint.deliver({ url: first.url(), body, headers })).toEqual({ ok: true });
    expect(target.received.map((r) => [r.url, r.body, r.headers['x-bot-id']])).toEqual([['/moved', body, 'bot_1']]);
    expect(await endpoint.deliver({ url: relative.url('/start'), body, headers })).toEqual({ ok: true });
    expect(relative.received.map((r) => r.url)).toEqual(['/start', '/next']);
  });

  it('gives up after three redirects, and does not retry', async () => {
    const server = await bot((_req, res) => res.writeHead(307, { location: '/again' }).end());
    const outcome = await endpoint.deliver({ url: server.url(), body, headers });
    expect(outcome).toEqual({ ok: false, retry: false, reason: 'The bot redirected more than 3 times' });
    expect(server.received).toHaveLength(4);
  });

  it('takes a 3xx other than 307 and 308 as a refusal', async () => {
    const server = await bot((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end());
    expect(await endpoint.deliver({ url: server.url(), body, headers })).toEqual({
      ok: false,
      retry: false,
      reason: expect.stringContaining('The bot answered 302'),
    });
    expect(server.received).toHaveLength(1);
  });

  it('never connects to a refused destination, named by address, by name, or as a redirect', async () => {
    // Only 127.0.0.2 is open to this endpoint: the bot on 127.0.0.1 is a refused destination.
    const narrow = endpointWith({ deliveryAllowedNetworks: ['127.0.0.2/32'] });
    const server = await bot((_req, res) => res.writeHead(200).end());
    const redirecting = await bot((_req, res) => res.writeHead(307, { location: server.url() }).end(), '127.0.0.2');
    const refused = { ok: false, retry: false, reason: 'The bot url is not a permitted destination (a local, private or special address)' };
    try {
      expect(await narrow.deliver({ url: server.url(), body, headers })).toEqual(refused);
      expect(await narrow.deliver({ url: `http://localhost:${server.port}/`, body, headers })).toEqual(refused);
      expect(await narrow.deliver({ url: redirecting.url(), body, headers })).toEqual(refused);
      expect(redirecting.received).toHaveLength(1);
      expect(server.received).toHaveLength(0);
    } finally {
      narrow.onApplicationShutdown();
    }
  });

  it('refuses urls that are not http(s) or not urls at all, without retrying', async () => {
    expect(await endpoint.deliver({ url: 'ftp://127.0.0.1/', body, headers })).toEqual({
      ok: false,
      retry: false,
      reason: 'The bot url must be http or https',
    });
    expect(await endpoint.deliver({ url: 'not a url', body, headers })).toEqual({ ok: false, retry: false, reason: 'The bot url is not a valid URL' });
  });

  it('retries a bot that cannot be reached', async () => {
    const server = await bot((_req, res) => res.end());
    await server.close();
    expect(await endpoint.deliver({ url: server.url(), body, headers })).toEqual({ ok: false, retry: true, reason: 'The bot could not be reached' });
  });

  it('gives up on a bot that does not answer within the delivery timeout, and retries', async () => {
    const quick = endpointWith({ deliveryTimeoutMs: 300 });
    const server = await bot(() => undefined);
    try {
      const started = Date.now();
      expect(await quick.deliver({ url: server.url(), body, headers })).toEqual({ ok: false, retry: true, reason: 'The bot did not answer in time' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      quick.onApplicationShutdown();
    }
  });

  it('gives up on an answer that never ends within the timeout too', async () => {
    const quick = endpointWith({ deliveryTimeoutMs: 300 });
    const server = await bot((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    try {
      expect(await quick.deliver({ url: server.url(), body, headers })).toEqual({ ok: false, retry: true, reason: 'The bot did not answer in time' });
    } finally {
      quick.onApplicationShutdown();
    }
  });

  it('reads no more than 64 KB of an answer: a larger one is cut off, its status kept', async () => {
    let written = 0;
    const server = await bot((_req, res) => {
      res.writeHead(200);
      // An endless answer: only the client's dropping the connection ends it.
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const more = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    });
    expect(await endpoint.deliver({ url: server.url(), body, headers })).toEqual({ ok: true });
    // Well short of the endless: the connection was dropped soon after the bound.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('reuses its connections for the next deliveries to the same bot', async () => {
    const ports = new Set<number>();
    const server = await bot((req, res) => {
      ports.add(req.socket.remotePort ?? 0);
      res.writeHead(200).end();
    });
    for (let i = 0; i < 10; i++) expect(await endpoint.deliver({ url: server.url(), body, headers })).toEqual({ ok: true });
    // One after another: a connection still settling its last answer may have a second open beside it, not one per delivery.
    expect(ports.size).toBeLessThanOrEqual(2);
  });
});
