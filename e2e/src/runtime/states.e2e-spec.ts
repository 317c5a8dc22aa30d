import { randomBytes } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
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
} from '@platform/testing';

/** The platform also has task states, which the client's type leaves out. */
type StateType = Parameters<Client['getState']>[0]['type'] | 'task';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

/** A state name no other test uses. */
const uniqueName = () => `s${randomBytes(5).toString('hex')}`;

/** Short enough to wait for in a test, long enough for the calls made before it runs out. */
const SHORT_EXPIRY_MS = 1500;

describe('runtime states (/v1/chat/states)', () => {
  let bot: ChatBot;
  /** The bot acting as itself. */
  let runtime: Client;
  let alice: AuthenticatedClient;
  let conversationId: string;

  /** The client's input, with the task type the platform adds. */
  const at = (type: StateType, id: string, name: string) => ({ type: type as 'bot', id, name });

  /** A hand-made state request, for what the official client never sends. */
  function request(method: string, type: string, id: string, name: string, body?: unknown, suffix = ''): Promise<RawResponse> {
    return raw(method, `/v1/chat/states/${type}/${encodeURIComponent(id)}/${name}${suffix}`, {
      headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    bot = await createChatBot();
    runtime = client({ botId: bot.botId });
    alice = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    ({
      conversation: { id: conversationId },
    } = await alice.createConversation({}));
  });

  describe('setState and getState', () => {
    it('creates a conversation state and reads it back', async () => {
      const name = uniqueName();
      const payload = { step: 'greeting', answers: [1, 'two', { three: null }] };
      const before = Date.now();
      const created = await runtime.setState({ type: 'conversation', id: conversationId, name, payload });
      expect(created).toEqual({
        state: {
          id: expect.any(String),
          createdAt: expect.stringMatching(ISO_MS),
          updatedAt: expect.stringMatching(ISO_MS),
          botId: bot.botId,
          conversationId,
          name,
          type: 'conversation',
          payload,
        },
      });
      expect(created.state.createdAt).toBe(created.state.updatedAt);
      expect(Date.parse(created.state.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      // getState adds `meta`; setState, patchState and setStateExpiry answer the state alone.
      expect(await runtime.getState({ type: 'conversation', id: conversationId, name })).toEqual({ ...created, meta: { cached: false } });
    });

    it('replaces the payload on a second set, keeping the id and creation time', async () => {
      const name = uniqueName();
      const { state: first } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { a: 1, b: 2 } });
      await sleep(5);
      const { state: second } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { c: 3 } });
      expect(second).toEqual({ ...first, payload: { c: 3 }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state).toEqual(second);
    });

    it('keeps a user state under the user, with userId and no conversationId', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'user', id: alice.user.id, name, payload: { locale: 'fr' } });
      expect(state).toMatchObject({ type: 'user', userId: alice.user.id, botId: bot.botId, payload: { locale: 'fr' } });
      expect(state).not.toHaveProperty('conversationId');
      expect((await runtime.getState({ type: 'user', id: alice.user.id, name })).state).toEqual(state);
    });

    it('keeps a bot state under the bot id, and knows no other bot id', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'bot', id: bot.botId, name, payload: { counter: 1 } });
      expect(state).toMatchObject({ type: 'bot', botId: bot.botId, payload: { counter: 1 } });
      expect(state).not.toHaveProperty('conversationId');
      expect(state).not.toHaveProperty('userId');
      const other = await createChatBot();
      const error = await notFound(runtime.getState({ type: 'bot', id: other.botId, name }));
      expect(error.message).toBe(`Bot '${other.botId}' not found`);
      await notFound(runtime.setState({ type: 'bot', id: other.botId, name, payload: {} }));
    });

    it('keeps task states by task id', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ ...at('task', 'task-42', name), payload: { done: false } });
      expect(state).toMatchObject({ type: 'task', payload: { done: false } });
      expect((await runtime.getState(at('task', 'task-42', name))).state).toEqual(state);
      await notFound(runtime.getState(at('task', 'task-43', name)));
    });

    it('keeps states of different owners, types and names apart', async () => {
      const name = uniqueName();
      const { conversation: other } = await alice.createConversation({});
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { of: 'conversation' } });
      await runtime.setState({ type: 'conversation', id: other.id, name, payload: { of: 'other conversation' } });
      await runtime.setState({ type: 'user', id: alice.user.id, name, payload: { of: 'user' } });
      await runtime.setState({ type: 'conversation', id: conversationId, name: `${name}x`, payload: { of: 'other name' } });
      const payloadOf = async (type: 'conversation' | 'user', id: string, n = name) => (await runtime.getState({ type, id, name: n })).state.payload;
      expect(await payloadOf('conversation', conversationId)).toEqual({ of: 'conversation' });
      expect(await payloadOf('conversation', other.id)).toEqual({ of: 'other conversation' });
      expect(await payloadOf('user', alice.user.id)).toEqual({ of: 'user' });
      expect(await payloadOf('conversation', conversationId, `${name}x`)).toEqual({ of: 'other name' });
    });

    it('keeps the states of one bot out of reach of another', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: {} });
      const other = client({ botId: (await createChatBot()).botId });
      const error = await notFound(other.getState({ type: 'conversation', id: conversationId, name }));
      expect(error.message).toBe(`Conversation '${conversationId}' not found`);
      await notFound(other.setState({ type: 'conversation', id: conversationId, name, payload: {} }));
    });

    it('answers 404 for a state never set, with the standard error body', async () => {
      const name = uniqueName();
      const error = await notFound(runtime.getState({ type: 'conversation', id: conversationId, name }));
      expect(error.message).toBe(`State '${name}' of conversation '${conversationId}' not found`);
      const res = await request('GET', 'conversation', conversationId, name);
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    });

    it.each([
      ['conversation', 'no-such-conversation', "Conversation 'no-such-conversation' not found"],
      ['user', 'no-such-user', "User 'no-such-user' not found"],
    ] as const)('answers 404 on every operation for a %s the bot does not have', async (type, id, message) => {
      const name = uniqueName();
      // One call at a time: a call started early could fail before anything awaits it.
      for (const call of [
        () => runtime.getState({ type, id, name }),
        () => runtime.setState({ type, id, name, payload: {} }),
        () => runtime.getOrSetState({ type, id, name, payload: {} }),
        () => runtime.patchState({ type, id, name, payload: {} }),
        () => runtime.setStateExpiry({ type, id, name, expiry: 1000 }),
      ]) {
        expect((await notFound(call())).message).toBe(message);
      }
    });

    it('deletes with a null payload: answers the state as it was, then it is gone', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { keep: false } });
      expect(await runtime.setState({ type: 'conversation', id: conversationId, name, payload: null })).toEqual({ state });
      await notFound(runtime.getState({ type: 'conversation', id: conversationId, name }));
      await notFound(runtime.setState({ type: 'conversation', id: conversationId, name, payload: null }));
      const { state: again } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { keep: true } });
      expect(again.id).not.toBe(state.id);
    });

    it('deletes the states of a conversation with it', async () => {
      const name = uniqueName();
      // Long enough to be a runtime id as the API's are (28 to 36 characters).
      const foreignId = `conv-${randomBytes(12).toString('hex')}`;
      await alice.getOrCreateConversation({ id: foreignId });
      await runtime.setState({ type: 'conversation', id: foreignId, name, payload: { before: true } });
      await alice.deleteConversation({ id: foreignId });
      await notFound(runtime.getState({ type: 'conversation', id: foreignId, name }));
      // A new conversation under the same id starts without the old one's states.
      await alice.getOrCreateConversation({ id: foreignId });
      await notFound(runtime.getState({ type: 'conversation', id: foreignId, name }));
    });
  });

  describe('getOrSetState', () => {
    it('creates the state when it does not exist', async () => {
      const name = uniqueName();
      const created = await runtime.getOrSetState({ type: 'conversation', id: conversationId, name, payload: { initial: true } });
      expect(created).toEqual({
        state: expect.objectContaining({ name, type: 'conversation', conversationId, payload: { initial: true } }),
        meta: { cached: false },
      });
      expect(await runtime.getState({ type: 'conversation', id: conversationId, name })).toEqual(created);
    });

    it('answers the existing state untouched, ignoring the payload and expiry given', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'user', id: alice.user.id, name, payload: { existing: 1 } });
      const answer = await runtime.getOrSetState({ type: 'user', id: alice.user.id, name, payload: { replaced: true }, expiry: 1000 });
      expect(answer).toEqual({ state, meta: { cached: false } });
      expect((await runtime.getState({ type: 'user', id: alice.user.id, name })).state).toEqual(state);
    });
  });

  describe('patchState', () => {
    it('merges the top-level properties given and keeps the others', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { a: 1, nested: { x: 1, y: 1 }, gone: 'no' } });
      const patched = await runtime.patchState({ type: 'conversation', id: conversationId, name, payload: { nested: { y: 2 }, b: 2, gone: null } });
      expect(patched.state).toEqual({ ...state, payload: { a: 1, nested: { y: 2 }, b: 2, gone: null }, updatedAt: expect.stringMatching(ISO_MS) });
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state).toEqual(patched.state);
    });

    it('answers 404 for a state never set, and creates nothing', async () => {
      const name = uniqueName();
      const error = await notFound(runtime.patchState({ type: 'conversation', id: conversationId, name, payload: { a: 1 } }));
      expect(error.message).toBe(`State '${name}' of conversation '${conversationId}' not found`);
      await notFound(runtime.getState({ type: 'conversation', id: conversationId, name }));
    });
  });

  describe('concurrent writes', () => {
    it('loses no patch when many arrive at once', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: {} });
      const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
      await Promise.all(keys.map((k) => runtime.patchState({ type: 'conversation', id: conversationId, name, payload: { [k]: true } })));
      const { state } = await runtime.getState({ type: 'conversation', id: conversationId, name });
      expect(state.payload).toEqual(Object.fromEntries(keys.map((k) => [k, true])));
    });

    it('creates one state when many set a missing one at once, and a set among patches is one write in their order', async () => {
      const name = uniqueName();
      const sets = await Promise.all(
        Array.from({ length: 10 }, (_, i) => runtime.setState({ type: 'conversation', id: conversationId, name, payload: { writer: i } })),
      );
      expect(new Set(sets.map((a) => a.state.id)).size).toBe(1);

      // Patches that came after the set show its property in their answer and survive it; the others are replaced by it.
      const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
      const patches = keys.map((k) => runtime.patchState({ type: 'conversation', id: conversationId, name, payload: { [k]: true } }));
      const reset = runtime.setState({ type: 'conversation', id: conversationId, name, payload: { reset: true } });
      // Awaited together: a set that failed while the patches were awaited would reject with nothing to handle it.
      const [answers, afterReset] = await Promise.all([Promise.all(patches), reset]);
      expect(afterReset.state.id).toBe(sets[0].state.id);
      const after = keys.filter((_, i) => answers[i].state.payload.reset === true);
      const { state } = await runtime.getState({ type: 'conversation', id: conversationId, name });
      expect(state.payload).toEqual({ reset: true, ...Object.fromEntries(after.map((k) => [k, true])) });
    });

    it('creates one state when many get-or-set a missing one at once', async () => {
      const name = uniqueName();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => runtime.getOrSetState({ type: 'user', id: alice.user.id, name, payload: { writer: i } })),
      );
      const ids = new Set(answers.map((a) => a.state.id));
      expect(ids.size).toBe(1);
      const payloads = new Set(answers.map((a) => JSON.stringify(a.state.payload)));
      expect(payloads.size).toBe(1);
    });
  });

  describe('expiry', () => {
    it('sets expiry and expiresAt counted from the write, and stays readable until then', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: {}, expiry: 60_000 });
      expect(state.expiry).toBe(60_000);
      expect(state.expiresAt).toMatch(ISO_MS);
      expect(Date.parse(state.expiresAt!) - Date.parse(state.updatedAt)).toBe(60_000);
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state).toEqual(state);
    });

    it('reads an expired state as absent (404), on every operation that needs it', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { short: 'lived' }, expiry: SHORT_EXPIRY_MS });
      await expect(runtime.getState({ type: 'conversation', id: conversationId, name })).resolves.toBeDefined();
      await sleep(SHORT_EXPIRY_MS + 300);
      await notFound(runtime.getState({ type: 'conversation', id: conversationId, name }));
      await notFound(runtime.patchState({ type: 'conversation', id: conversationId, name, payload: { a: 1 } }));
      await notFound(runtime.setStateExpiry({ type: 'conversation', id: conversationId, name, expiry: 60_000 }));
      await notFound(runtime.setState({ type: 'conversation', id: conversationId, name, payload: null }));
    });

    it('replaces an expired state with a new one on set and on get-or-set', async () => {
      const [setName, getOrSetName] = [uniqueName(), uniqueName()];
      const { state: old } = await runtime.setState({ type: 'user', id: alice.user.id, name: setName, payload: { old: true }, expiry: SHORT_EXPIRY_MS });
      const { state: oldToo } = await runtime.setState({
        type: 'user',
        id: alice.user.id,
        name: getOrSetName,
        payload: { old: true },
        expiry: SHORT_EXPIRY_MS,
      });
      await sleep(SHORT_EXPIRY_MS + 300);

      const { state: fresh } = await runtime.setState({ type: 'user', id: alice.user.id, name: setName, payload: { fresh: true } });
      expect(fresh.id).not.toBe(old.id);
      expect(Date.parse(fresh.createdAt)).toBeGreaterThan(Date.parse(old.createdAt));
      expect(fresh).not.toHaveProperty('expiry');
      expect(fresh).not.toHaveProperty('expiresAt');

      const { state: created } = await runtime.getOrSetState({ type: 'user', id: alice.user.id, name: getOrSetName, payload: { fresh: true } });
      expect(created.id).not.toBe(oldToo.id);
      expect(created.payload).toEqual({ fresh: true });
    });

    it('starts the idle time again on every write, keeping the expiry when none is given', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { n: 0 }, expiry: SHORT_EXPIRY_MS });
      for (let n = 1; n <= 3; n++) {
        await sleep(SHORT_EXPIRY_MS / 2);
        const write = n % 2 === 1 ? runtime.setState.bind(runtime) : runtime.patchState.bind(runtime);
        const { state } = await write({ type: 'conversation', id: conversationId, name, payload: { n } });
        expect(state.expiry).toBe(SHORT_EXPIRY_MS);
        expect(Date.parse(state.expiresAt!) - Date.parse(state.updatedAt)).toBe(SHORT_EXPIRY_MS);
      }
      // 1.5 expiries after the first write, but only half of one after the last.
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state.payload).toEqual({ n: 3 });
    });

    it('removes the expiry with a null expiry on set and patch', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: {}, expiry: SHORT_EXPIRY_MS });
      const { state } = await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { kept: true }, expiry: null });
      expect(state).not.toHaveProperty('expiry');
      expect(state).not.toHaveProperty('expiresAt');
      await runtime.patchState({ type: 'conversation', id: conversationId, name, payload: {}, expiry: SHORT_EXPIRY_MS });
      await runtime.patchState({ type: 'conversation', id: conversationId, name, payload: {}, expiry: null });
      await sleep(SHORT_EXPIRY_MS + 300);
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state.payload).toEqual({ kept: true });
    });

    it('setStateExpiry sets, changes and removes the expiry of an existing state', async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'bot', id: bot.botId, name, payload: { p: 1 } });
      const set = await runtime.setStateExpiry({ type: 'bot', id: bot.botId, name, expiry: 120_000 });
      expect(set.state).toEqual({ ...state, updatedAt: expect.stringMatching(ISO_MS), expiry: 120_000, expiresAt: expect.stringMatching(ISO_MS) });
      expect(Date.parse(set.state.expiresAt!) - Date.parse(set.state.updatedAt)).toBe(120_000);
      expect((await runtime.getState({ type: 'bot', id: bot.botId, name })).state).toEqual(set.state);

      const removed = await runtime.setStateExpiry({ type: 'bot', id: bot.botId, name, expiry: null });
      expect(removed.state).not.toHaveProperty('expiry');
      expect(removed.state).not.toHaveProperty('expiresAt');
      expect(removed.state.payload).toEqual({ p: 1 });

      await runtime.setStateExpiry({ type: 'bot', id: bot.botId, name, expiry: SHORT_EXPIRY_MS });
      await sleep(SHORT_EXPIRY_MS + 300);
      await notFound(runtime.getState({ type: 'bot', id: bot.botId, name }));
    });

    it('setStateExpiry answers 404 for a state never set', async () => {
      await notFound(runtime.setStateExpiry({ type: 'bot', id: bot.botId, name: uniqueName(), expiry: 1000 }));
    });

    it('gives a created state the expiry of getOrSetState', async () => {
      const name = uniqueName();
      const { state } = await runtime.getOrSetState({ type: 'conversation', id: conversationId, name, payload: {}, expiry: 30_000 });
      expect(state.expiry).toBe(30_000);
      expect(Date.parse(state.expiresAt!) - Date.parse(state.createdAt)).toBe(30_000);
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    it.each(['integration', 'workflow', 'bogus'])('refuses the state type %s on every operation', async (type) => {
      const name = uniqueName();
      const as = { type: type as 'bot', id: bot.botId, name };
      for (const call of [
        () => runtime.getState(as),
        () => runtime.setState({ ...as, payload: {} }),
        () => runtime.getOrSetState({ ...as, payload: {} }),
        () => runtime.patchState({ ...as, payload: {} }),
        () => runtime.setStateExpiry({ ...as, expiry: 1000 }),
      ]) {
        expect((await invalidPayload(call())).message).toBe('type must be one of the following values: conversation, user, bot, task');
      }
    });

    it.each([
      ['no payload', {}, /payload must be an object/],
      ['an array payload', { payload: [1] }, /payload must be an object/],
      ['a string payload', { payload: 'x' }, /payload must be an object/],
      ['a zero expiry', { payload: {}, expiry: 0 }, /expiry must not be less than 1/],
      ['a negative expiry', { payload: {}, expiry: -5 }, /expiry must not be less than 1/],
      ['a fractional expiry', { payload: {}, expiry: 1.5 }, /expiry must be an integer number of milliseconds or null/],
      ['a string expiry', { payload: {}, expiry: '1000' }, /expiry must be an integer number of milliseconds or null/],
      ['an expiry beyond 100 years', { payload: {}, expiry: 4e12 }, /expiry must not be greater than/],
      ['an unknown property', { payload: {}, ttl: 5 }, /property ttl should not exist/],
    ])('refuses setState with %s and stores nothing', async (_, body, message) => {
      const name = uniqueName();
      const res = await request('POST', 'conversation', conversationId, name, body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
      await notFound(runtime.getState({ type: 'conversation', id: conversationId, name }));
    });

    it('refuses a null payload on getOrSetState and patchState', async () => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: { a: 1 } });
      for (const [method, suffix] of [
        ['POST', '/get-or-set'],
        ['PATCH', ''],
      ]) {
        const res = await request(method, 'conversation', conversationId, name, { payload: null }, suffix);
        expect(res.status).toBe(400);
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state.payload).toEqual({ a: 1 });
    });

    it.each([
      ['no expiry', {}],
      ['a zero expiry', { expiry: 0 }],
      ['an unknown property', { expiry: 1000, payload: {} }],
    ])('refuses setStateExpiry with %s', async (_, body) => {
      const name = uniqueName();
      await runtime.setState({ type: 'conversation', id: conversationId, name, payload: {} });
      const res = await request('POST', 'conversation', conversationId, name, body, '/expiry');
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect((await runtime.getState({ type: 'conversation', id: conversationId, name })).state).not.toHaveProperty('expiry');
    });
  });

  describe('authentication and authorization', () => {
    let other: { token: string; workspaceId: string };

    beforeAll(async () => {
      other = await secondAccount();
    });

    it('answers 401 without a token', async () => {
      const anonymous = anonymousClient({ botId: bot.botId });
      await expectClientError(anonymous.getState({ type: 'bot', id: bot.botId, name: 'x' }), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(anonymous.setState({ type: 'bot', id: bot.botId, name: 'x', payload: {} }), UnauthorizedError, 401, 'Unauthorized');
    });

    it("answers 403 for another account's token, on every operation, and changes nothing", async () => {
      const name = uniqueName();
      const { state } = await runtime.setState({ type: 'bot', id: bot.botId, name, payload: { mine: true } });
      const theirs = client({ token: other.token, botId: bot.botId });
      const as = { type: 'bot' as const, id: bot.botId, name };
      for (const call of [
        () => theirs.getState(as),
        () => theirs.setState({ ...as, payload: {} }),
        () => theirs.getOrSetState({ ...as, payload: {} }),
        () => theirs.patchState({ ...as, payload: { theirs: true } }),
        () => theirs.setStateExpiry({ ...as, expiry: 1 }),
      ]) {
        await expectClientError(call(), ForbiddenError, 403, 'Forbidden');
      }
      expect((await runtime.getState(as)).state).toEqual(state);
    });
  });
});
