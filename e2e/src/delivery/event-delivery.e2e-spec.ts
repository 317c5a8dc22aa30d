import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { client, createTestDatabase, dropTestDatabase, fakeBot, Mesh, sleep, until } from '@platform/testing';

/**
 * Durability of delivery, on a mesh of its own so that the test may stop and kill its runtime
 * service: bot down then up, runtime killed mid-stream, bounded attempts.
 */
describe('event delivery to bot code', () => {
  let mesh: Mesh;
  let database: string;
  const token = `bp_pat_delivery_${randomBytes(12).toString('hex')}`;

  beforeAll(async () => {
    database = `bp_test_delivery_${randomBytes(4).toString('hex')}`;
    // Six attempts 100, 200, 300, 300, 300 ms apart: a bot down for a moment recovers in time,
    // a bot that keeps failing exhausts them quickly.
    Object.assign(process.env, { EVENT_MAX_ATTEMPTS: '6', EVENT_RETRY_BASE_MS: '100', EVENT_RETRY_MAX_MS: '300' });
    mesh = await Mesh.start({
      databaseUrl: await createTestDatabase(database),
      natsPrefix: `delivery_${randomBytes(3).toString('hex')}`,
      bootstrapToken: token,
      logDir: join(tmpdir(), `bp-e2e-delivery-${database}`),
    });
  }, 60000);

  afterAll(async () => {
    await mesh?.stopAll();
    await dropTestDatabase(database);
  });

  async function adminClient() {
    const { workspaces } = await client({ apiUrl: mesh.url, token }).listWorkspaces({});
    return client({ apiUrl: mesh.url, token, workspaceId: workspaces[0].id });
  }

  async function chatBot(url: string | null) {
    const admin = await adminClient();
    const { bot } = await admin.createBot({ name: 'delivery', configuration: { data: { lang: 'en' }, schema: {} } });
    const { bot: updated } = await admin.updateBot({ id: bot.id, url, integrations: { webchat: { integrationId: 'chat' } } });
    const user: AuthenticatedClient = await ChatClient.connect({ apiUrl: `${mesh.url}/chat/${updated.integrations.webchat.webhookId}` });
    const { conversation } = await user.createConversation({});
    const runtime = client({ apiUrl: mesh.url, token, botId: bot.id });
    return { botId: bot.id, user, conversationId: conversation.id, runtime };
  }

  async function send(user: AuthenticatedClient, conversationId: string, texts: string[]) {
    const ids: string[] = [];
    for (const text of texts) ids.push((await user.createMessage({ conversationId, payload: { type: 'text', text } })).message.id);
    return ids;
  }

  it('posts each event with the bot-server headers and the bot configuration', async () => {
    const bot = await fakeBot(() => 200);
    try {
      const { botId, user, conversationId } = await chatBot(bot.url);
      await send(user, conversationId, ['hi']);
      await until(() => bot.received.length >= 1, 20000);
      const { headers, event } = bot.received[0];
      expect(headers['x-bot-id']).toBe(botId);
      expect(headers['x-bot-user-id']).toBe(botId);
      expect(headers['x-bp-operation']).toBe('event_received');
      expect(headers['x-bp-type']).toBe('message_created');
      expect(JSON.parse(Buffer.from(String(headers['x-bp-configuration']), 'base64').toString())).toEqual({ lang: 'en' });
      expect(event).toMatchObject({ type: 'message_created', preview: 'hi' });
    } finally {
      await bot.stop();
    }
  });

  it('keeps events while the bot is down and delivers every one, in order, once it is up', async () => {
    const bot = await fakeBot(() => 200, { listen: false });
    const { user, conversationId } = await chatBot(bot.url);
    const texts = Array.from({ length: 8 }, (_, i) => `m${i}`);
    const ids = await send(user, conversationId, texts);
    await sleep(400); // a few failed attempts while nothing listens
    await bot.start();
    try {
      await until(() => new Set(bot.received.map((r) => r.event.messageId)).size >= ids.length, 20000);
      const firstSeen = [...new Map(bot.received.map((r) => [r.event.messageId, r.event.preview])).values()];
      expect(firstSeen).toEqual(texts);
    } finally {
      await bot.stop();
    }
  });

  it('takes many messages written at once to one conversation, counts each, and delivers each once', async () => {
    const bot = await fakeBot(() => 200);
    try {
      const { user, conversationId, runtime } = await chatBot(bot.url);
      // More writers than the bot's share of deliveries: some writes hand their lane off to their
      // replica, others queue it, and all of them wait for each other on the conversation.
      const texts = Array.from({ length: 32 }, (_, i) => `c${i}`);
      const sent = await Promise.all(texts.map((text) => user.createMessage({ conversationId, payload: { type: 'text', text } })));
      const ids = sent.map((s) => s.message.id).sort();
      expect((await runtime.getConversation({ id: conversationId })).conversation).toMatchObject({ messageCount: texts.length });
      await until(() => bot.received.length >= texts.length, 20000);
      await sleep(300); // nothing more comes
      // Written at once, they have no order among them: each is delivered, once.
      expect(bot.received.map((r) => r.event.messageId).sort()).toEqual(ids);
    } finally {
      await bot.stop();
    }
  });

  it('retries while the bot answers 5xx, then marks the event failed after the bounded attempts and moves on', async () => {
    let failing = true;
    const bot = await fakeBot(() => (failing ? 503 : 200));
    try {
      const { user, conversationId, runtime } = await chatBot(bot.url);
      const [doomed] = await send(user, conversationId, ['doomed']);
      await until(() => bot.received.filter((r) => r.event.messageId === doomed).length >= 6, 20000);
      failing = false;
      const [next] = await send(user, conversationId, ['next']);
      await until(() => bot.received.some((r) => r.event.messageId === next), 20000);
      expect(bot.received.filter((r) => r.event.messageId === doomed)).toHaveLength(6);
      const doomedEventId = bot.received.find((r) => r.event.messageId === doomed)!.event.id;
      const { event } = await runtime.getEvent({ id: doomedEventId });
      expect(event.status).toBe('failed');
      expect(event.failureReason).toMatch(/503/);
    } finally {
      await bot.stop();
    }
  });

  it('logs deliveries and failures for getBotLogs, filterable by time and level', async () => {
    let failing = true;
    const bot = await fakeBot(() => (failing ? 500 : 200));
    try {
      const timeStart = new Date().toISOString();
      const { botId, user, conversationId } = await chatBot(bot.url);
      await send(user, conversationId, ['first']);
      await until(() => bot.received.length >= 2, 20000);
      failing = false;
      await until(() => bot.received.length >= 3, 20000);
      const admin = await adminClient();
      let logs: Array<{ level: string; message: string; conversationId?: string }> = [];
      for (let i = 0; i < 50 && !logs.some((l) => l.level === 'info'); i++) {
        logs = (await admin.getBotLogs({ id: botId, timeStart })).logs;
        await sleep(100);
      }
      expect(logs.filter((l) => l.level === 'warn').length).toBeGreaterThanOrEqual(2);
      expect(logs.find((l) => l.level === 'warn')!.message).toMatch(/answered 500/);
      expect(logs.find((l) => l.level === 'info')!.message).toMatch(/^Delivered event evt_/);
      expect(logs.every((l) => l.conversationId === conversationId)).toBe(true);
      const onlyInfo = await admin.getBotLogs({ id: botId, timeStart, level: 'info' });
      expect(onlyInfo.logs.every((l) => l.level === 'info')).toBe(true);
      const future = await admin.getBotLogs({ id: botId, timeStart: new Date(Date.now() + 60000).toISOString() });
      expect(future.logs).toEqual([]);
    } finally {
      await bot.stop();
    }
  });

  it('loses nothing when the runtime service is killed mid-stream', async () => {
    // A slow bot, so that the kill lands while deliveries are in progress.
    const bot = await fakeBot(() => 200, { delayMs: 300 });
    try {
      const { user, conversationId } = await chatBot(bot.url);
      const first = await send(user, conversationId, ['a0', 'a1', 'a2']);
      await until(() => bot.received.length >= 1, 20000);
      await mesh.stop('runtime', 'SIGKILL');
      expect(new Set(bot.received.map((r) => r.event.messageId)).size).toBeLessThan(3);
      mesh.spawn('runtime');
      await mesh.waitHealthy();
      const second = await send(user, conversationId, ['b0', 'b1', 'b2']);
      const all = [...first, ...second];
      await until(() => all.every((id) => bot.received.some((r) => r.event.messageId === id)), 30000);
      const order = [...new Map(bot.received.map((r) => [r.event.messageId, r.event.preview])).values()];
      expect(order).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
    } finally {
      await bot.stop();
    }
  });

  it('delivers each event once when the runtime is stopped (SIGTERM) with deliveries under way', async () => {
    // A slow bot, so that the stop lands while the bot holds deliveries it has taken.
    const bot = await fakeBot(() => 200, { delayMs: 500 });
    try {
      const chats = await Promise.all([0, 1, 2].map(() => chatBot(bot.url)));
      const sent = (await Promise.all(chats.map(({ user, conversationId }, i) => send(user, conversationId, [`s${i}-0`, `s${i}-1`])))).flat();
      await until(() => bot.received.length >= 2, 20000);
      expect((await mesh.stop('runtime'))?.forced).toBe(false);
      mesh.spawn('runtime');
      await mesh.waitHealthy();
      await until(() => sent.every((id) => bot.received.some((r) => r.event.messageId === id)), 30000);
      // Long enough for a second delivery of any of them to come.
      await sleep(1500);
      const delivered = bot.received.map((r) => r.event.messageId).filter((id) => sent.includes(id!));
      expect(delivered.sort()).toEqual([...sent].sort());
    } finally {
      await bot.stop();
    }
  });

  it('accumulates the events of a bot without url, undelivered', async () => {
    const { user, conversationId, runtime } = await chatBot(null);
    const [id] = await send(user, conversationId, ['nobody home']);
    await sleep(500);
    const { events } = await runtime.listEvents({ messageId: id });
    expect(events).toHaveLength(1);
    expect(events[0].status).toBe('pending');
  });
});
