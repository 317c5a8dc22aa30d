/*
 * The first code of a bot's process (docs/bot-hosting.md): it loads the bundle `bp build` made
 * and serves the runner's requests over the IPC channel by calling the sdk's `handler` export,
 * as the cloud calls it (no port is opened). It imports node built-ins only: under the
 * permission model the process may read nothing but this file, its bundle and its scratch folder.
 */
import { format } from 'node:util';

/** The protocol between the runner and a bot's process. */
export type HostMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'answer'; id: number; status: number; body?: string }
  | { type: 'failed'; id: number; message: string }
  | { type: 'pong'; id: number }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; conversationId?: string; userId?: string };

export type RunnerMessage =
  | { type: 'run'; id: number; request: { method: string; path: string; query: string; headers: Record<string, string>; body?: string } }
  | { type: 'ping'; id: number };

const MAX_LOG_CHARS = 4000;
const MAX_ANSWER_CHARS = 64 * 1024;

type Handler = (request: unknown) => Promise<{ status?: number; body?: unknown } | void>;

function send(message: HostMessage): void {
  try {
    process.send?.(message);
  } catch {
    // The runner is gone; `disconnect` ends the process.
  }
}

/** The sdk's logger prints `{ msg, options }` with `BP_LOG_FORMAT=json`: its ids become the line's fields. */
function logLine(level: 'debug' | 'info' | 'warn' | 'error', args: unknown[]): void {
  let message = format(...args);
  let ids: { conversationId?: string; userId?: string } = {};
  if (message.startsWith('{"msg":')) {
    try {
      const parsed = JSON.parse(message) as { msg: string; options?: Record<string, unknown> };
      message = parsed.msg;
      const { conversationId, userId } = parsed.options ?? {};
      ids = {
        ...(typeof conversationId === 'string' ? { conversationId } : {}),
        ...(typeof userId === 'string' ? { userId } : {}),
      };
    } catch {
      // not the sdk's format after all: kept as written
    }
  }
  send({ type: 'log', level, message: message.slice(0, MAX_LOG_CHARS), ...ids });
}

function host(bundlePath: string): void {
  const levels = { debug: 'debug', trace: 'debug', log: 'info', info: 'info', warn: 'warn', error: 'error' } as const;
  for (const [method, level] of Object.entries(levels)) {
    (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => logLine(level, args);
  }
  // The permission model does not cover signals: a bot may not signal the runner or other bots.
  const refuse = () => {
    throw Object.assign(new Error('Sending signals is not permitted to bot code'), { code: 'ERR_ACCESS_DENIED' });
  };
  Object.defineProperty(process, 'kill', { value: refuse });
  Object.defineProperty(process, '_kill', { value: refuse });
  // The runner is gone (stopped, or killed): so is the bot.
  process.on('disconnect', () => process.exit(0));

  let handler: Handler;
  try {
    const bundle = require(bundlePath) as { handler?: Handler; default?: { handler?: Handler } };
    const found = bundle.handler ?? bundle.default?.handler;
    if (typeof found !== 'function') throw new Error('The bundle exports no handler (build it with `bp build`)');
    handler = found;
  } catch (error) {
    send({ type: 'load-failed', message: String((error as Error)?.stack ?? error).slice(0, MAX_LOG_CHARS) });
    process.exit(1);
  }

  process.on('message', (message: RunnerMessage) => {
    if (message.type === 'ping') return send({ type: 'pong', id: message.id });
    if (message.type !== 'run') return;
    void (async () => {
      try {
        const answer = await handler(message.request);
        const body = typeof answer?.body === 'string' ? answer.body.slice(0, MAX_ANSWER_CHARS) : undefined;
        send({ type: 'answer', id: message.id, status: answer?.status ?? 200, ...(body !== undefined ? { body } : {}) });
      } catch (error) {
        // The sdk 0.x lets a handler's error through (its HTTP server answers 500 for it).
        logLine('error', ['Error while handling request:', error]);
        send({ type: 'failed', id: message.id, message: String((error as Error)?.message ?? error).slice(0, 1000) });
      }
    })();
  });
  send({ type: 'ready' });
}

if (require.main === module) host(process.argv[2]);
