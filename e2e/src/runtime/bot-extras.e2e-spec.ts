import { randomBytes } from 'node:crypto';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, ChatBot, client, createChatBot, e2e, expectClientError, expectErrorBody, raw, secondAccount, sql } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

/** listTagValues, trackAnalytics and callAction of the runtime API. */
describe('runtime: listTagValues, trackAnalytics, callAction; access to every new runtime operation', () => {
  let bot: ChatBot;
  /** The bot acting as itself, every answer checked against the reference. */
  let runtime: Client;
  let plain: Client;

  const post = (path: string, body: unknown) =>
    raw('POST', path, {
      headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    bot = await createChatBot({}, 'extras');
    runtime = client({ botId: bot.botId });
    plain = client({ botId: bot.botId });
  });

  describe('listTagValues', () => {
    it('lists the distinct values of a tag per kind of resource, in order, paging past 100', async () => {
      const key = `k${randomBytes(3).toString('hex')}`;
      const userValues = Array.from({ length: 105 }, (_, i) => `v${String(i).padStart(3, '0')}`);
      // Every value twice, in shuffled order, and a user without the tag.
      for (const value of [...userValues].reverse().concat(userValues.slice(0, 3))) await plain.createUser({ tags: { [key]: value } });
      await plain.createUser({ tags: { other: 'x' } });
      const { conversation } = await plain.createConversation({ channel: 'c', tags: { [key]: 'conv-b' } });
      await plain.createConversation({ channel: 'c', tags: { [key]: 'conv-a' } });
      await plain.createMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'x' }, tags: { [key]: 'msg' } });

      const first = await runtime.listTagValues({ key, type: 'user' });
      expect(first.tags).toHaveLength(100);
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const second = await runtime.listTagValues({ key, type: 'user', nextToken: first.meta.nextToken });
      expect(second.meta.nextToken).toBeUndefined();
      expect([...first.tags, ...second.tags].map((t) => t.value)).toEqual(userValues);
      expect((await runtime.listTagValues({ key, type: 'conversation' })).tags).toEqual([{ value: 'conv-a' }, { value: 'conv-b' }]);
      expect((await runtime.listTagValues({ key, type: 'message' })).tags).toEqual([{ value: 'msg' }]);
      expect(await runtime.listTagValues({ key: 'never-used', type: 'message' })).toEqual({ tags: [], meta: {} });
      // Another bot's tags are its own.
      const other = client({ botId: (await createChatBot({}, 'other')).botId });
      expect((await other.listTagValues({ key, type: 'user' })).tags).toEqual([]);
    });

    it('refuses a missing or unknown type, and a token it never gave, with 400', async () => {
      const headers = { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId };
      for (const query of ['', '?type=bot', '?type=user&nextToken=garbage', `?type=user&nextToken=${Buffer.from('{"a":1}').toString('base64url')}`]) {
        const res = await raw('GET', `/v1/chat/tags/k/values${query}`, { headers });
        expect([query, res.status]).toEqual([query, 400]);
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
    });
  });

  describe('trackAnalytics', () => {
    it('adds to a counter of the bot, kept by the hour', async () => {
      const name = `signup_${randomBytes(3).toString('hex')}`;
      expect(await runtime.trackAnalytics({ name, count: 2 })).toEqual({});
      expect(await runtime.trackAnalytics({ name, count: 5 })).toEqual({});
      const rows = await sql<{ total: string; hours: string }>(
        `SELECT sum("count")::text AS "total", count(*)::text AS "hours" FROM "runtime"."analytics_counters" WHERE "bot_id" = $1 AND "name" = $2`,
        [bot.botId, name],
      );
      expect(rows[0].total).toBe('7');
      expect(['1', '2']).toContain(rows[0].hours);
    });

    it('refuses a bad counter with 400 and stores nothing', async () => {
      const name = `bad_${randomBytes(3).toString('hex')}`;
      for (const body of [
        { name, count: 0 },
        { name, count: 1.5 },
        { name, count: '3' },
        { name },
        { name: '', count: 1 },
        { name: 'x'.repeat(201), count: 1 },
        { name, count: 1, extra: true },
      ]) {
        const res = await post('/v1/chat/analytics', body);
        expect([body, res.status]).toEqual([body, 400]);
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
      expect(await sql(`SELECT 1 FROM "runtime"."analytics_counters" WHERE "bot_id" = $1 AND "name" = $2`, [bot.botId, name])).toEqual([]);
    });
  });

  describe('callAction', () => {
    it("answers the cloud's errors for a bot whose integrations have no such action", async () => {
      const error = await notFound(runtime.callAction({ type: 'webchat:sendReminder', input: {} }));
      expect(error.message).toMatch(/Action 'sendReminder' not found/);
      await notFound(runtime.callAction({ type: 'slack:postMessage', input: { text: 'hi' } }));
      await invalidPayload(runtime.callAction({ type: 'postMessage', input: {} }));
      for (const body of [{ type: 'a:b' }, { type: 'a:b', input: [] }, { input: {} }, { type: 'a:b', input: {}, extra: 1 }]) {
        const res = await post('/v1/chat/actions', body);
        expect([body, res.status]).toEqual([body, 400]);
      }
    });
  });

  describe('access', () => {
    /** Every operation this platform added to the runtime API lately, as plain requests. */
    const operations: Array<[string, string, unknown?]> = [
      ['GET', '/v1/chat/tags/k/values?type=user'],
      ['POST', '/v1/chat/analytics', { name: 'n', count: 1 }],
      ['POST', '/v1/chat/actions', { type: 'a:b', input: {} }],
      ['DELETE', '/v1/chat/events/scheduled/evt_x'],
      ['POST', '/v1/chat/initialize-incoming-message', { userId: 'u', conversationId: 'c' }],
      [
        'POST',
        '/v1/chat/messages/import-messages',
        {
          messages: [{ conversationId: 'c', userId: 'u', type: 'text', payload: {}, tags: {}, discriminateByTags: [], createdAt: '2024-01-01T00:00:00.000Z' }],
        },
      ],
      ['POST', '/v1/chat/workflows', { name: 'w', status: 'pending' }],
      ['POST', '/v1/chat/workflows/get-or-create', { name: 'w', status: 'pending' }],
      ['GET', '/v1/chat/workflows'],
      ['GET', '/v1/chat/workflows/wfl_x'],
      ['PUT', '/v1/chat/workflows/wfl_x', {}],
      ['DELETE', '/v1/chat/workflows/wfl_x'],
      ['POST', '/v1/chat/tasks', { type: 't', conversationId: 'c' }],
      ['GET', '/v1/chat/tasks'],
      ['GET', '/v1/chat/tasks/task_x'],
      ['PUT', '/v1/chat/tasks/task_x', {}],
      ['DELETE', '/v1/chat/tasks/task_x'],
    ];

    it('answers 401 without a token and 403 to another account, on every new operation', async () => {
      const anonymous = anonymousClient({ botId: bot.botId });
      await expectClientError(anonymous.listTagValues({ key: 'k', type: 'user' }), UnauthorizedError, 401, 'Unauthorized');
      const other = await secondAccount();
      const stranger = client({ token: other.token, botId: bot.botId });
      await expectClientError(stranger.trackAnalytics({ name: 'n', count: 1 }), ForbiddenError, 403, 'Forbidden');
      for (const [token, status, type] of [
        [undefined, 401, 'Unauthorized'],
        [other.token, 403, 'Forbidden'],
      ] as const) {
        for (const [method, path, body] of operations) {
          const res = await raw(method, path, {
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              'x-bot-id': bot.botId,
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          expect([method, path, res.status]).toEqual([method, path, status]);
          expectErrorBody(res.json, status, type);
        }
      }
    });
  });
});
