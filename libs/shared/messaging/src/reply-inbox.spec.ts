import { randomBytes } from 'node:crypto';
import { connect, headers, NatsConnection } from 'nats';
import { NoReplyError, ReplyInbox } from './reply-inbox';

// On the real NATS server, under subjects of its own.
describe('ReplyInbox', () => {
  const prefix = `unit_inbox_${randomBytes(4).toString('hex')}`;
  let server: NatsConnection;
  let client: NatsConnection;

  beforeAll(async () => {
    server = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    client = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    // Answers each request after the delay it asks for, so replies come back out of order.
    server.subscribe(`${prefix}.echo`, {
      callback: (_error, message) => {
        const { delay, n } = JSON.parse(new TextDecoder().decode(message.data)) as { delay: number; n: number };
        setTimeout(() => message.respond(new TextEncoder().encode(String(n))), delay);
      },
    });
    // A replier whose own answer carries a 503 header and a body: a reply, not "no responders".
    server.subscribe(`${prefix}.status`, {
      callback: (_error, message) => {
        const h = headers(503, 'Busy');
        message.respond(new TextEncoder().encode('busy'), { headers: h });
      },
    });
    server.subscribe(`${prefix}.silent`);
    await server.flush();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const text = (data: Uint8Array) => new TextDecoder().decode(data);

  it('gives each request its own reply, however the replies are ordered', async () => {
    const inbox = new ReplyInbox(client);
    const delays = [40, 5, 25, 0, 15, 30, 10, 20];
    const replies = await Promise.all(delays.map((delay, n) => inbox.request(`${prefix}.echo`, encode({ delay, n }), 2000)));
    expect(replies.map((reply) => text(reply.data))).toEqual(delays.map((_, n) => String(n)));
  });

  it('fails at once when nobody serves the subject', async () => {
    const inbox = new ReplyInbox(client);
    const started = Date.now();
    await expect(inbox.request(`${prefix}.nobody`, encode({}), 5000)).rejects.toEqual(new NoReplyError('no-responders'));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("takes a replier's own 503 header with a body for a reply", async () => {
    const reply = await new ReplyInbox(client).request(`${prefix}.status`, encode({}), 2000);
    expect(text(reply.data)).toBe('busy');
  });

  it('fails at its timeout when no reply comes', async () => {
    const started = Date.now();
    await expect(new ReplyInbox(client).request(`${prefix}.silent`, encode({}), 200)).rejects.toEqual(new NoReplyError('timeout'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('fails what is still waiting when its connection closes, not at the timeout', async () => {
    const own = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const inbox = new ReplyInbox(own);
    const waiting = inbox.request(`${prefix}.silent`, encode({}), 30_000);
    await own.flush();
    const started = Date.now();
    await own.close();
    await expect(waiting).rejects.toBeInstanceOf(NoReplyError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
