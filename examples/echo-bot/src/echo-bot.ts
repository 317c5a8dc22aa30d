import { createServer, IncomingMessage, Server } from 'node:http';
import { Client } from '@botpress/client';

/** The fields of the event object this bot reads (docs/contracts.md, "Events"). */
export interface BotEvent {
  id: string;
  type: string;
  conversationId?: string;
  preview: string;
  payload: Record<string, unknown>;
}

export interface EchoBotOptions {
  /** Address of the platform's gateway. */
  apiUrl: string;
  /** A token that may act for the bot: a bot API key or a developer's personal access token. */
  token: string;
  port?: number;
  host?: string;
  /** Told of every event received, duplicates included. */
  onEvent?: (event: BotEvent) => void;
}

export interface EchoBot {
  url: string;
  server: Server;
  /** Every event received, duplicates included, in arrival order. */
  received: BotEvent[];
  close(): Promise<void>;
}

/** Events are delivered at least once; remembering recent ids makes each one count once. */
const REMEMBERED_EVENTS = 10000;

/**
 * A bot server following the `@botpress/sdk` convention: the platform POSTs `{ event }` with
 * `x-bp-operation: event_received`. It echoes text, answers `bloc` with a bloc of three items,
 * answers `metadata` with the incoming message's metadata, and passes a custom event's payload
 * back into the conversation as an event of its own. It reads and writes messages as every
 * `@botpress/sdk` bot does: `event.payload.message` is `{ type, payload }`, and so are bloc items.
 */
export function startEchoBot(options: EchoBotOptions): Promise<EchoBot> {
  const received: BotEvent[] = [];
  const handled = new Set<string>();

  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'POST' || req.headers['x-bp-operation'] !== 'event_received') {
        res.writeHead(200).end('{}');
        return;
      }
      const { event } = JSON.parse(await readBody(req)) as { event: BotEvent };
      received.push(event);
      options.onEvent?.(event);
      if (!handled.has(event.id)) {
        const client = new Client({ apiUrl: options.apiUrl, token: options.token, botId: String(req.headers['x-bot-id']) });
        await answer(client, String(req.headers['x-bot-user-id']), event);
        handled.add(event.id);
        if (handled.size > REMEMBERED_EVENTS) handled.delete(handled.values().next().value!);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } catch (error) {
      // A 5xx makes the platform retry the event later.
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
        server,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function answer(client: Client, botUserId: string, event: BotEvent): Promise<void> {
  if (!event.conversationId) return;
  const reply = (type: string, payload: Record<string, unknown>) =>
    client.createMessage({ conversationId: event.conversationId!, userId: botUserId, type, payload, tags: {} });

  if (event.type === 'message_created') {
    // As `@botpress/sdk` bots read it: the runtime message, `{ type, payload }`.
    const message = event.payload.message as { type: string; payload: Record<string, unknown> };
    if (message.type !== 'text') return void (await reply(message.type, message.payload));
    const text = String(message.payload.text);
    if (text === 'bloc') {
      await reply('bloc', {
        items: [
          { type: 'text', payload: { text: 'Here is a bloc' } },
          { type: 'image', payload: { imageUrl: 'https://example.com/echo.png' } },
          { type: 'markdown', payload: { markdown: '**three** items' } },
        ],
      });
    } else if (text === 'metadata') {
      // The chat message's metadata travels inside the payload: forwarding it shows it on the reply.
      const metadata = message.payload.metadata;
      await reply('text', { text: JSON.stringify(metadata ?? {}), ...(metadata !== undefined ? { metadata } : {}) });
    } else {
      await reply('text', { text });
    }
  } else if (event.type === 'chat:custom') {
    // A chat user's custom event, as the chat integration gives it: { userId, conversationId, payload }.
    const sent = event.payload.payload as Record<string, unknown>;
    await client.createEvent({ type: 'custom', conversationId: event.conversationId, payload: sent });
  } else if (event.type === 'custom') {
    // A web chat visitor's custom event: its data.
    await client.createEvent({ type: 'custom', conversationId: event.conversationId, payload: event.payload });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
