import { randomBytes, randomUUID } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient, SignalListener } from '@botpress/chat';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  ChatBot,
  client,
  createChatBot,
  e2e,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  raw,
  RawResponse,
  secondAccount,
  sleep,
  until,
  walkPages,
} from '@platform/testing';

type RuntimeEvent = Awaited<ReturnType<Client['getEvent']>>['event'];

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

/** An event type no other test uses, so listings filtered on it see only this test's events. */
const uniqueType = () => `e2e_${randomBytes(5).toString('hex')}`;

/** A hand-made runtime request, for what the official client never sends. */
function request(bot: ChatBot, method: string, path: string, body?: unknown): Promise<RawResponse> {
  return raw(method, path, {
    headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Waits a few milliseconds after a creation, so that events made one after the other have
 * distinct creation times: within one millisecond their order is the order of random ids.
 */
const tick = () => sleep(3);

/** Every event of the listing, following nextToken to the last page. */
async function listAll(runtime: Client, query: Parameters<Client['listEvents']>[0]): Promise<RuntimeEvent[]> {
  return (
    await walkPages(
      (nextToken) => runtime.listEvents({ ...query, nextToken }),
      (page) => page.events,
    )
  ).pages.flat();
}

describe('runtime events (/v1/chat/events)', () => {
  let bot: ChatBot;
  /** The bot acting as itself: no integration header. */
  let runtime: Client;
  let alice: AuthenticatedClient;
  let conversationId: string;
  let messageId: string;

  beforeAll(async () => {
    bot = await createChatBot();
    runtime = client({ botId: bot.botId });
    alice = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    ({
      conversation: { id: conversationId },
    } = await alice.createConversation({}));
    ({
      message: { id: messageId },
    } = await alice.createMessage({ conversationId, payload: { type: 'text', text: 'hello' } }));
  });

  describe('createEvent and getEvent', () => {
    it('records an event of the bot with its references, outgoing and never delivered (ignored)', async () => {
      const type = uniqueType();
      const payload = { reason: 'follow-up', nested: { list: [1, 'two', null] } };
      const before = Date.now();
      const { event } = await runtime.createEvent({ type, payload, conversationId, userId: alice.user.id, messageId });
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_/),
        createdAt: expect.stringMatching(ISO_MS),
        type,
        payload,
        conversationId,
        userId: alice.user.id,
        messageId,
        status: 'ignored',
        failureReason: null,
      });
      expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect((await runtime.getEvent({ id: event.id })).event).toEqual(event);
    });

    it('leaves out the references not given', async () => {
      const { event } = await runtime.createEvent({ type: uniqueType(), payload: {} });
      for (const key of ['conversationId', 'userId', 'messageId']) expect(event).not.toHaveProperty(key);
      expect((await runtime.getEvent({ id: event.id })).event).toEqual(event);
    });

    it("accepts the bot's own user (the bot id) as userId", async () => {
      const { event } = await runtime.createEvent({ type: uniqueType(), payload: {}, userId: bot.botId });
      expect(event.userId).toBe(bot.botId);
    });

    it('records an event sent by an integration instance as incoming, pending delivery to the bot', async () => {
      const asIntegration = client({ botId: bot.botId, integrationAlias: 'webchat' });
      const { event } = await asIntegration.createEvent({ type: uniqueType(), payload: { from: 'integration' }, conversationId });
      expect(event.status).toBe('pending');
      const { events } = await runtime.listEvents({ type: event.type });
      expect(events.map((e) => e.id)).toEqual([event.id]);
    });

    it('answers 404 for an integration alias not installed on the bot', async () => {
      const type = uniqueType();
      await notFound(client({ botId: bot.botId, integrationAlias: 'nope' }).createEvent({ type, payload: {} }));
      expect((await runtime.listEvents({ type })).events).toEqual([]);
    });

    it.each([
      ['an empty schedule', {}, /schedule needs either dateTime or/],
      ['both a date and a delay', { delay: 1000, dateTime: new Date(Date.now() + 60_000).toISOString() }, /either dateTime or delay, not both/],
    ])('refuses %s with a clear 400 and records nothing (scheduling itself: scheduling.e2e-spec)', async (_, schedule, message) => {
      const type = uniqueType();
      const error = await invalidPayload(runtime.createEvent({ type, payload: {}, schedule }));
      expect(error.message).toMatch(message);
      expect((await runtime.listEvents({ type })).events).toEqual([]);
    });

    it.each([
      ['conversation', { conversationId: 'no-such-conversation' }, /Conversation 'no-such-conversation' not found/],
      ['user', { userId: 'no-such-user' }, /User 'no-such-user' not found/],
      ['message', { messageId: 'msg_nope' }, /Message 'msg_nope' not found/],
    ])('answers 404 for an unknown %s and records nothing', async (_, reference, message) => {
      const type = uniqueType();
      const error = await notFound(runtime.createEvent({ type, payload: {}, ...reference }));
      expect(error.message).toMatch(message);
      expect((await runtime.listEvents({ type })).events).toEqual([]);
    });

    it('answers 404 for the conversation, user and message of another bot', async () => {
      const other = await createChatBot();
      const carol = await ChatClient.connect({ apiUrl: other.chatApiUrl });
      const { conversation } = await carol.createConversation({});
      const { message } = await carol.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'x' } });
      await notFound(runtime.createEvent({ type: uniqueType(), payload: {}, conversationId: conversation.id }));
      await notFound(runtime.createEvent({ type: uniqueType(), payload: {}, userId: carol.user.id }));
      await notFound(runtime.createEvent({ type: uniqueType(), payload: {}, messageId: message.id }));
    });

    it.each([
      ['no type', { payload: {} }, /type must be/],
      ['an empty type', { type: '', payload: {} }, /type must be longer than or equal to 1/],
      ['a type over 200 characters', { type: 't'.repeat(201), payload: {} }, /type must be shorter than or equal to 200/],
      ['no payload', { type: 'x' }, /payload must be an object/],
      ['an array payload', { type: 'x', payload: [1] }, /payload must be an object/],
      ['a string payload', { type: 'x', payload: 'text' }, /payload must be an object/],
      ['a numeric conversationId', { type: 'x', payload: {}, conversationId: 7 }, /conversationId must be a string/],
      ['an unknown property', { type: 'x', payload: {}, flowId: 'wf' }, /property flowId should not exist/],
    ])('refuses a body with %s (400, standard error body)', async (_, body, message) => {
      const res = await request(bot, 'POST', '/v1/chat/events', body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });

    it('answers 404 with the standard error body for an unknown event id', async () => {
      const error = await notFound(runtime.getEvent({ id: 'evt_unknown' }));
      expect(error.message).toMatch(/Event 'evt_unknown' not found/);
      const res = await request(bot, 'GET', '/v1/chat/events/evt_unknown');
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    });

    it('answers 404 for the event of another bot', async () => {
      const other = await createChatBot();
      const { event } = await client({ botId: other.botId }).createEvent({ type: uniqueType(), payload: {} });
      await notFound(runtime.getEvent({ id: event.id }));
    });

    it('reaches the listeners of the conversation as an event_created signal from the bot', async () => {
      const listener: SignalListener = await alice.listenConversation({ id: conversationId });
      const seen: any[] = [];
      listener.on('event_created', (data) => seen.push(data));
      try {
        const { event } = await runtime.createEvent({ type: uniqueType(), payload: { typing: true }, conversationId });
        await until(() => seen.length >= 1);
        expect(seen).toEqual([{ id: event.id, createdAt: event.createdAt, payload: { typing: true }, conversationId, userId: bot.botId, isBot: true }]);
      } finally {
        await listener.disconnect();
      }
    });
  });

  describe('listEvents', () => {
    let listed: ChatBot;
    let runtimeOf: Client;
    let conversations: string[];
    let users: string[];
    let messages: string[];

    beforeAll(async () => {
      listed = await createChatBot();
      runtimeOf = client({ botId: listed.botId });
      const [bob, dan] = await Promise.all([ChatClient.connect({ apiUrl: listed.chatApiUrl }), ChatClient.connect({ apiUrl: listed.chatApiUrl })]);
      const { conversation: one } = await bob.createConversation({});
      const { conversation: two } = await dan.createConversation({});
      const { message } = await bob.createMessage({ conversationId: one.id, payload: { type: 'text', text: 'm' } });
      conversations = [one.id, two.id];
      users = [bob.user.id, dan.user.id];
      messages = [message.id];
    });

    it('lists newest first, across every kind of event of the bot', async () => {
      const created: RuntimeEvent[] = [];
      for (let i = 0; i < 3; i++) {
        created.push((await runtimeOf.createEvent({ type: 'ordered', payload: { i } })).event);
        await tick();
      }
      const { events } = await runtimeOf.listEvents({ type: 'ordered' });
      expect(events).toEqual([...created].reverse());
      const all = await listAll(runtimeOf, {});
      expect(all.map((e) => e.id)).toEqual(expect.arrayContaining(created.map((e) => e.id)));
      const times = all.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('filters by type, conversation, user, message and status, each alone and together', async () => {
      const type = uniqueType();
      const make = async (extra: Record<string, string>) => {
        const { event } = await runtimeOf.createEvent({ type, payload: {}, ...extra });
        await tick();
        return event.id;
      };
      const a = await make({ conversationId: conversations[0], userId: users[0], messageId: messages[0] });
      const b = await make({ conversationId: conversations[0], userId: users[1] });
      const c = await make({ conversationId: conversations[1] });
      const d = await make({});
      const pending = (await client({ botId: listed.botId, integrationAlias: 'webchat' }).createEvent({ type, payload: {} })).event.id;
      const ids = async (query: Parameters<Client['listEvents']>[0]) => (await listAll(runtimeOf, { type, ...query })).map((e) => e.id);

      expect(await ids({})).toEqual([pending, d, c, b, a]);
      expect(await ids({ conversationId: conversations[0] })).toEqual([b, a]);
      expect(await ids({ conversationId: conversations[1] })).toEqual([c]);
      expect(await ids({ userId: users[1] })).toEqual([b]);
      expect(await ids({ messageId: messages[0] })).toEqual([a]);
      expect(await ids({ status: 'ignored' })).toEqual([d, c, b, a]);
      expect(await ids({ status: 'pending' })).toEqual([pending]);
      expect(await ids({ conversationId: conversations[0], userId: users[0] })).toEqual([a]);
      expect(await ids({ conversationId: 'no-such-conversation' })).toEqual([]);
      // None of these is scheduled (scheduled events: scheduling.e2e-spec).
      expect(await ids({ status: 'scheduled' })).toEqual([]);
    });

    it('pages with nextToken, no event twice or missed, and no token on the last page', async () => {
      const type = uniqueType();
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        created.push((await runtimeOf.createEvent({ type, payload: { i } })).event.id);
        await tick();
      }
      const first = await runtimeOf.listEvents({ type, pageSize: 2 });
      expect(first.events).toHaveLength(2);
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const second = await runtimeOf.listEvents({ type, pageSize: 2, nextToken: first.meta.nextToken });
      expect(second.events).toHaveLength(2);
      const third = await runtimeOf.listEvents({ type, pageSize: 2, nextToken: second.meta.nextToken });
      expect(third.events).toHaveLength(1);
      expect(third.meta).toEqual({});
      expect([...first.events, ...second.events, ...third.events].map((e) => e.id)).toEqual([...created].reverse());
    });

    it('keeps its pages stable while new events are created', async () => {
      const type = uniqueType();
      const created: string[] = [];
      for (let i = 0; i < 4; i++) {
        created.push((await runtimeOf.createEvent({ type, payload: { i } })).event.id);
        await tick();
      }
      const first = await runtimeOf.listEvents({ type, pageSize: 2 });
      await runtimeOf.createEvent({ type, payload: { late: true } });
      const second = await runtimeOf.listEvents({ type, pageSize: 2, nextToken: first.meta.nextToken });
      expect([...first.events, ...second.events].map((e) => e.id)).toEqual([...created].reverse());
    });

    it('lists only the events of its own bot', async () => {
      const type = uniqueType();
      const { event } = await runtime.createEvent({ type, payload: {} });
      expect((await runtimeOf.listEvents({ type })).events).toEqual([]);
      expect((await runtime.listEvents({ type })).events).toEqual([event]);
    });

    it.each([
      ['pageSize=0', /pageSize must not be less than 1/],
      ['pageSize=101', /pageSize must not be greater than 100/],
      ['pageSize=abc', /pageSize must be an integer/],
      ['status=bogus', /status must be one of the following values/],
      ['nextToken=not-a-token', /nextToken is not a valid pagination token/],
      ['workflowId=wf_1', /property workflowId should not exist/],
    ])('refuses %s (400, standard error body)', async (query, message) => {
      const res = await request(listed, 'GET', `/v1/chat/events?${query}`);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });
  });

  describe('events of the chat integration', () => {
    it("lists a chat user's custom event as the chat integration's `chat:custom` event of the bot", async () => {
      const { event: chatEvent } = await alice.createEvent({ conversationId, payload: { clicked: 'button-1' } });
      const { events } = await runtime.listEvents({ type: 'chat:custom', conversationId });
      const found = events.find((e) => e.id === chatEvent.id);
      expect(found).toEqual({
        id: chatEvent.id,
        createdAt: chatEvent.createdAt,
        type: 'chat:custom',
        payload: { userId: alice.user.id, conversationId, payload: { clicked: 'button-1' } },
        conversationId,
        userId: alice.user.id,
        // Incoming, so due to the bot; it has no url yet, so its events wait.
        status: 'pending',
        failureReason: null,
      });
      expect((await runtime.getEvent({ id: chatEvent.id })).event).toEqual(found);
    });

    it('lists a message from a chat user as a message_created event carrying its messageId', async () => {
      const { message } = await alice.createMessage({ conversationId, payload: { type: 'text', text: 'an incoming message' } });
      const { events } = await runtime.listEvents({ type: 'message_created', messageId: message.id });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'message_created', messageId: message.id, conversationId, userId: alice.user.id });
      expect(events[0].payload.message).toMatchObject({ id: message.id, type: 'text', payload: expect.objectContaining({ text: 'an incoming message' }) });
      expect(events[0].status).not.toBe('ignored');
    });
  });

  describe('authentication and authorization', () => {
    let other: { token: string; workspaceId: string };

    beforeAll(async () => {
      other = await secondAccount();
    });

    it('answers 401 without a token, on every operation', async () => {
      const anonymous = anonymousClient({ botId: bot.botId });
      await expectClientError(anonymous.createEvent({ type: 'x', payload: {} }), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(anonymous.getEvent({ id: 'evt_x' }), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(anonymous.listEvents({}), UnauthorizedError, 401, 'Unauthorized');
    });

    it('answers 401 for an unknown token', async () => {
      await expectClientError(client({ token: `bp_pat_${randomUUID()}`, botId: bot.botId }).listEvents({}), UnauthorizedError, 401, 'Unauthorized');
    });

    it("answers 403 for another account's token, on every operation, and records nothing", async () => {
      const theirs = client({ token: other.token, botId: bot.botId });
      const type = uniqueType();
      await expectClientError(theirs.createEvent({ type, payload: {} }), ForbiddenError, 403, 'Forbidden');
      const { event } = await runtime.createEvent({ type: uniqueType(), payload: {} });
      await expectClientError(theirs.getEvent({ id: event.id }), ForbiddenError, 403, 'Forbidden');
      await expectClientError(theirs.listEvents({}), ForbiddenError, 403, 'Forbidden');
      expect((await runtime.listEvents({ type })).events).toEqual([]);
    });
  });
});
