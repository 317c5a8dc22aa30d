import { randomBytes } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { freePort } from './mesh';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; messageId?: string; conversationId?: string; preview: string; payload?: Record<string, unknown> };
  at: number;
}

export interface FakeBot {
  url: string;
  received: ReceivedDelivery[];
  /** Listens (again): a bot coming up, or back. */
  start(): Promise<void>;
  /** Stops listening and drops its connections: a bot going down. */
  stop(): Promise<void>;
}

/**
 * A bot server on this machine answering each delivery with the status `answer` decides when it
 * arrives, after `delayMs` (or never, for -1), and recording every delivery with its arrival time.
 * It listens at once unless `listen` is false (a bot that is down until `start`). Its url has a
 * path of its own, and it records only what comes there: a port can be handed on to the fake bot
 * of another test, which the platform may still be retrying an earlier bot's deliveries to.
 */
export async function fakeBot(
  answer: (event: ReceivedDelivery['event']) => number,
  options: { delayMs?: number; port?: number; listen?: boolean } = {},
): Promise<FakeBot> {
  const received: ReceivedDelivery[] = [];
  const path = `/${randomBytes(6).toString('hex')}/`;
  const server: Server = createServer((req, res) => {
    if (req.url !== path) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const event = JSON.parse(body).event;
      received.push({ headers: req.headers, body, event, at: Date.now() });
      const status = answer(event);
      if (status < 0) return; // hangs
      setTimeout(() => res.writeHead(status).end('{}'), options.delayMs ?? 0);
    });
  });
  const port = options.port ?? (await freePort());
  const bot: FakeBot = {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    // Connections are cut at once: close() alone waits for them, and a bot that hangs keeps getting retries on an open one.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  if (options.listen ?? true) await bot.start();
  return bot;
}
