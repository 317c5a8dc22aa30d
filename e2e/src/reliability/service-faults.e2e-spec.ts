import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Client as ChatClient } from '@botpress/chat';
import { OwnMesh, raw, sleep, startOwnMesh, until } from '@platform/testing';
import { ownChatBot, writeThroughOutage } from './writers';

const NOT_RUNNING = 'The runtime service is not running (no replica answers)';

/** Services killed, frozen and restarted under load, on a mesh of this file's own. */
describe('service faults', () => {
  let own: OwnMesh;
  let bot: Awaited<ReturnType<typeof ownChatBot>>;
  const runtimeHeaders = () => ({ authorization: `Bearer ${own.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' });

  beforeAll(async () => {
    own = await startOwnMesh({ env: { REQUEST_TIMEOUT_MS: '2000' } });
    bot = await ownChatBot(own);
  });

  afterAll(async () => {
    await own?.close();
  });

  it('answers 503 within 100 ms naming the service that is down, through any hop; loses no acknowledged write', async () => {
    const user = await ChatClient.connect({ apiUrl: `${own.mesh.url}/chat/${bot.webhookId}` });
    const timed = async (path: string, headers: Record<string, string>) => {
      const started = Date.now();
      const res = await raw('GET', `${own.mesh.url}${path}`, { headers });
      return { ms: Date.now() - started, res };
    };
    await writeThroughOutage(own, bot, {
      breakIt: async () => {
        await own.mesh.stop('runtime', 'SIGKILL');
        // NATS learns of the killed process's closed connection on its own time: on a busy machine a
        // request may still be routed to it for a moment, and wait out the timeout. Once one is
        // answered at once, the broker knows; the tries below are measured from then.
        await until(async () => (await raw('GET', `${own.mesh.url}/v1/chat/users`, { headers: runtimeHeaders() })).json?.message === NOT_RUNNING, 10000).catch(
          () => undefined,
        );
      },
      duringOutage: async () => {
        const paths: Array<[string, Record<string, string>]> = [
          ['/v1/chat/users', runtimeHeaders()],
          // The chat service is up; the runtime behind it is not, and the answer says so.
          [`/chat/${bot.webhookId}/conversations`, { 'x-user-key': user.user.key }],
        ];
        for (const [path, headers] of paths) {
          const tries = [];
          for (let i = 0; i < 5; i++) tries.push(await timed(path, headers));
          for (const { res } of tries) {
            expect(res.status).toBe(503);
            expect(res.json.message).toBe(NOT_RUNNING);
          }
          // Known at once, not after the request timeout (2 s here); the median, as the machine may be busy.
          const ms = tries.map((t) => t.ms).sort((a, b) => a - b);
          expect(ms[2]).toBeLessThan(100);
        }
      },
      restore: async () => void own.mesh.spawn('runtime'),
    });
  });

  it('finds the first answer of a write answered 503 after it was done: a retry with its key creates nothing', async () => {
    const key = `lost-${randomBytes(4).toString('hex')}`;
    const send = () =>
      raw('POST', `${own.mesh.url}/v1/chat/messages`, {
        headers: { ...runtimeHeaders(), 'idempotency-key': key },
        body: JSON.stringify({ conversationId: bot.conversationId, userId: bot.botId, type: 'text', payload: { text: key }, tags: {} }),
      });
    // The runtime is frozen: the request waits in its queue while the gateway gives up (503).
    own.mesh.signal('runtime', 'SIGSTOP');
    let lost;
    try {
      lost = await send();
    } finally {
      own.mesh.signal('runtime', 'SIGCONT');
    }
    expect(lost.status).toBe(503);
    // Thawed, the runtime serves the queued request anyway; the retry gets that answer.
    let retried = await send();
    for (let i = 0; i < 40 && retried.status === 409; i++) {
      await sleep(250);
      retried = await send();
    }
    expect(retried.status).toBe(200);
    const messages = await bot.runtime.list.messages({ conversationId: bot.conversationId }).collect();
    expect(messages.filter((m) => m.payload.text === key).map((m) => m.id)).toEqual([retried.json.message.id]);
  });

  it('keeps chat working while admin restarts, from what it last knew of the webhook', async () => {
    const user = await ChatClient.connect({ apiUrl: `${own.mesh.url}/chat/${bot.webhookId}` });
    const { conversation } = await user.createConversation({});
    await own.mesh.stop('admin', 'SIGKILL');
    try {
      // A fresh chat replica knows nothing yet; the running one remembers the webhook.
      for (let i = 0; i < 5; i++) {
        const { message } = await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: `while admin is away ${i}` } });
        expect(message.id).toBeTruthy();
      }
    } finally {
      own.mesh.spawn('admin');
      await own.mesh.waitHealthy(undefined, 30000);
    }
  });

  it('stops the gateway on SIGTERM within its deadline, even with uploads stalled half way', async () => {
    const { port } = new URL(own.mesh.url);
    const { workspaces } = (await (await fetch(`${own.mesh.url}/v1/admin/workspaces`, { headers: { authorization: `Bearer ${own.token}` } })).json()) as {
      workspaces: Array<{ id: string }>;
    };
    const stalled = Array.from({ length: 6 }, () => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        `PUT /v1/admin/bots/stalled HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${own.token}\r\nX-Workspace-Id: ${workspaces[0].id}\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n{"name":"`,
      );
      socket.write(Buffer.alloc(1024 * 1024, 'a'));
      return socket;
    });
    await sleep(300);
    const started = Date.now();
    const ended = await own.mesh.stop('gateway', 'SIGTERM');
    for (const socket of stalled) socket.destroy();
    // The stalled requests are answered and their connections given a moment to read it; the
    // gateway's own deadline (8 s) ends anything left. It never needs SIGKILL.
    expect(ended?.forced).toBe(false);
    expect(Date.now() - started).toBeLessThan(9000);
    own.mesh.spawn('gateway');
    await own.mesh.waitHealthy(undefined, 30000);
  });
});
