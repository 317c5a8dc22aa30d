import { randomBytes } from 'node:crypto';
import { Client, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { client, createChatBot, e2e, expectClientError, expectErrorBody, FakeBot, fakeBot, raw, referenceValidator, sleep, until } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');
const uniqueType = () => `reminder_${randomBytes(5).toString('hex')}`;

/**
 * Scheduled events and messages (`schedule` of createEvent and createMessage, cancelScheduledEvent)
 * on the shared mesh, delivered to a bot listening on this machine. Surviving a restart is in
 * reliability/scheduled-restart.
 */
describe('scheduling (createEvent and createMessage with schedule, cancelScheduledEvent)', () => {
  let bot: FakeBot;
  let botId: string;
  /** The bot acting as itself, every answer checked against the reference. */
  let runtime: Client;
  let conversationId: string;

  const delivered = (id: string) => bot.received.filter((d) => d.event.id === id);

  beforeAll(async () => {
    // The reference's schemas compile on first use (seconds on a busy machine): not within a timed test.
    referenceValidator('get', '/v1/chat/events/x');
    bot = await fakeBot(() => 200);
    const chatBot = await createChatBot({}, 'scheduling');
    botId = chatBot.botId;
    await chatBot.admin.updateBot({ id: botId, url: bot.url });
    runtime = client({ botId });
    ({
      conversation: { id: conversationId },
    } = await client({ botId }).createConversation({ channel: 'channel', tags: {} }));
  });

  afterAll(async () => {
    await bot?.stop();
  });

  it('records a reminder scheduled 2 s ahead as scheduled, and delivers it once, within a second of its time', async () => {
    const type = uniqueType();
    const asked = Date.now();
    const { event } = await runtime.createEvent({ type, payload: { note: 'call back' }, conversationId, schedule: { delay: 2000 } });
    expect(event).toMatchObject({ type, status: 'scheduled', conversationId, payload: { note: 'call back' }, failureReason: null });
    expect((await runtime.getEvent({ id: event.id })).event.status).toBe('scheduled');
    expect((await runtime.listEvents({ type, status: 'scheduled' })).events.map((e) => e.id)).toEqual([event.id]);
    await sleep(1000);
    expect(delivered(event.id)).toHaveLength(0);
    await until(() => delivered(event.id).length > 0, 5000);
    const [delivery] = delivered(event.id);
    expect(delivery.at).toBeGreaterThanOrEqual(asked + 2000);
    expect(delivery.at).toBeLessThan(asked + 3000);
    expect(delivery.headers['x-bp-type']).toBe(type);
    expect(delivery.event).toMatchObject({ id: event.id, type, conversationId, payload: { note: 'call back' } });
    await until(async () => (await runtime.getEvent({ id: event.id })).event.status === 'processed', 3000);
    // Once, however long one waits.
    await sleep(700);
    expect(delivered(event.id)).toHaveLength(1);
  });

  it('never delivers a canceled event; only a scheduled event can be canceled', async () => {
    const type = uniqueType();
    const { event } = await runtime.createEvent({ type, payload: {}, conversationId, schedule: { delay: 800 } });
    expect(await runtime.cancelScheduledEvent({ id: event.id })).toEqual({});
    expect((await runtime.getEvent({ id: event.id })).event.status).toBe('canceled');
    expect((await runtime.listEvents({ type, status: 'scheduled' })).events).toEqual([]);
    // Canceled already, or never scheduled: refused.
    await invalidPayload(runtime.cancelScheduledEvent({ id: event.id }));
    const { event: now } = await runtime.createEvent({ type, payload: {}, conversationId });
    await invalidPayload(runtime.cancelScheduledEvent({ id: now.id }));
    await notFound(runtime.cancelScheduledEvent({ id: 'evt_01KNOWNNOTHINGXXXXXXXXXXXXX' }));
    // Another bot's scheduled event is not found, and stays scheduled.
    const other = client({ botId: (await createChatBot({}, 'other')).botId });
    const { event: theirs } = await other.createEvent({ type, payload: {}, schedule: { delay: 60000 } });
    await notFound(runtime.cancelScheduledEvent({ id: theirs.id }));
    expect((await other.getEvent({ id: theirs.id })).event.status).toBe('scheduled');
    await other.cancelScheduledEvent({ id: theirs.id });
    await sleep(1300);
    expect(delivered(event.id)).toHaveLength(0);
  });

  it('delivers events scheduled at a date and time, in the order they are due in their conversation', async () => {
    const type = uniqueType();
    // Far enough ahead that all three are asked for before the first is due, on a loaded machine too.
    const base = Date.now() + 2000;
    const ids: string[] = [];
    // Asked for in the reverse of the order they are due.
    for (const offset of [600, 300, 0]) {
      const dateTime = new Date(base + offset).toISOString();
      ids.push((await runtime.createEvent({ type, payload: { offset }, conversationId, schedule: { dateTime } })).event.id);
    }
    // Otherwise the order below would show when they were asked for, not when they were due.
    expect(Date.now()).toBeLessThan(base);
    await until(() => ids.every((id) => delivered(id).length === 1), 5000);
    const order = bot.received.filter((d) => d.event.type === type).map((d) => d.event.id);
    expect(order).toEqual([...ids].reverse());
    for (const [i, offset] of [600, 300, 0].entries()) expect(delivered(ids[i])[0].at).toBeGreaterThanOrEqual(base + offset);
  });

  it('creates a scheduled message when due, under the id it was answered with', async () => {
    const asked = Date.now();
    const { message } = await runtime.createMessage({
      conversationId,
      userId: botId,
      type: 'text',
      payload: { text: 'later' },
      tags: {},
      schedule: { delay: 1200 },
    });
    expect(message).toMatchObject({ conversationId, userId: botId, direction: 'outgoing', payload: { text: 'later' } });
    expect(Date.parse(message.createdAt)).toBeGreaterThanOrEqual(asked + 1200);
    await notFound(runtime.getMessage({ id: message.id }));
    await until(async () => (await runtime.listMessages({ conversationId })).messages.some((m) => m.id === message.id), 4000);
    const { message: created } = await runtime.getMessage({ id: message.id });
    expect(Date.now() - asked).toBeLessThan(2500);
    expect(created).toMatchObject({ id: message.id, payload: { text: 'later' }, type: 'text' });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(asked + 1200);
  });

  it('refuses a malformed schedule with 400 and stores nothing', async () => {
    const type = uniqueType();
    const schedules: unknown[] = [
      {},
      { delay: -1 },
      { delay: '1000' },
      { delay: 367 * 24 * 3600 * 1000 },
      { dateTime: 'tomorrow at noon please' },
      { dateTime: '2030-01-01' },
      { dateTime: new Date(Date.now() + 1000).toISOString(), delay: 1000 },
      { delay: 1000, every: 'day' },
      'soon',
    ];
    for (const schedule of schedules) {
      const event = await raw('POST', '/v1/chat/events', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' },
        body: JSON.stringify({ type, payload: {}, conversationId, schedule }),
      });
      expect([schedule, event.status]).toEqual([schedule, 400]);
      expectErrorBody(event.json, 400, 'InvalidPayload');
      const message = await raw('POST', '/v1/chat/messages', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId, userId: botId, type: 'text', payload: { text: type }, tags: {}, schedule }),
      });
      expect([schedule, message.status]).toEqual([schedule, 400]);
    }
    // A schedule naming a conversation of nobody's is 404, before anything is stored.
    await notFound(runtime.createEvent({ type, payload: {}, conversationId: 'conv_unknown_xxxxxxxxxxxxxxxxxx', schedule: { delay: 10 } }));
    expect((await runtime.listEvents({ type })).events).toEqual([]);
    expect((await runtime.listMessages({ conversationId })).messages.filter((m) => m.payload.text === type)).toEqual([]);
  });
});
