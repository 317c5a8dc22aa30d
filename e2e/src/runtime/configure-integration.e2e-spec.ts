import { randomUUID } from 'node:crypto';
import { ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError, UnsupportedMediaTypeError } from '@botpress/client';
import { anonymousClient, ChatBot, client, createChatBot, e2e, expectClientError, expectErrorBody, raw, RawResponse, secondAccount } from '@platform/testing';

const PATH = '/v1/chat/integrations/configure';
const SCHEDULES = ['hourly', 'daily', 'weekly', 'bi-weekly', 'monthly', 'bi-monthly', 'quarterly', 'yearly'] as const;

/** The identifier the admin API shows for the bot's `webchat` instance. */
async function identifierOf(bot: ChatBot): Promise<string | undefined> {
  const { bot: view } = await bot.admin.getBot({ id: bot.botId });
  return view.integrations.webchat.identifier;
}

/** configureIntegration through the official client made with these settings. */
const configureAs = (props: Parameters<typeof client>[0], body: Record<string, unknown> = { identifier: 'changed' }) =>
  client(props).configureIntegration(body);

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const unauthorized = (call: Promise<unknown>) => expectClientError(call, UnauthorizedError, 401, 'Unauthorized');
const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

/** A hand-made configureIntegration request, for what the official client never sends. */
function post(bot: ChatBot, body: string | undefined, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw('POST', PATH, {
    headers: {
      authorization: `Bearer ${e2e.token}`,
      'x-bot-id': bot.botId,
      'x-integration-alias': 'webchat',
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
}

describe('POST /v1/chat/integrations/configure (configureIntegration)', () => {
  describe('success', () => {
    it('answers {} and makes the identifier visible on the bot', async () => {
      const bot = await createChatBot();
      expect(await identifierOf(bot)).toBeUndefined();
      await expect(bot.runtime.configureIntegration({ identifier: 'acme-workspace-42' })).resolves.toEqual({});
      expect(await identifierOf(bot)).toBe('acme-workspace-42');
    });

    it('answers a JSON body of exactly {}', async () => {
      const bot = await createChatBot();
      const res = await post(bot, JSON.stringify({ identifier: 'x' }));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json).toEqual({});
    });

    it('replaces the identifier on a second call', async () => {
      const bot = await createChatBot();
      await bot.runtime.configureIntegration({ identifier: 'first' });
      await bot.runtime.configureIntegration({ identifier: 'second' });
      expect(await identifierOf(bot)).toBe('second');
    });

    it('clears the identifier when it is null', async () => {
      const bot = await createChatBot();
      await bot.runtime.configureIntegration({ identifier: 'to-be-cleared' });
      expect(await identifierOf(bot)).toBe('to-be-cleared');
      await expect(bot.runtime.configureIntegration({ identifier: null })).resolves.toEqual({});
      expect(await identifierOf(bot)).toBeUndefined();
    });

    it('keeps the values of the fields left out', async () => {
      const bot = await createChatBot();
      await bot.runtime.configureIntegration({ identifier: 'kept', scheduleRegisterCall: 'daily', sandboxIdentifiers: {} });
      await bot.runtime.configureIntegration({ scheduleRegisterCall: 'weekly' });
      expect(await identifierOf(bot)).toBe('kept');
      await bot.runtime.configureIntegration({ sandboxIdentifiers: null });
      expect(await identifierOf(bot)).toBe('kept');
      await bot.runtime.configureIntegration({});
      expect(await identifierOf(bot)).toBe('kept');
    });

    it('keeps both changes of two calls made at once that change different fields', async () => {
      const bot = await createChatBot();
      for (let round = 0; round < 10; round++) {
        await Promise.all([
          bot.runtime.configureIntegration({ identifier: `round-${round}` }),
          bot.runtime.configureIntegration({ scheduleRegisterCall: round % 2 ? 'weekly' : 'daily' }),
          bot.runtime.configureIntegration({ sandboxIdentifiers: {} }),
        ]);
        expect(await identifierOf(bot)).toBe(`round-${round}`);
      }
    });

    it('accepts an identifier of exactly 200 characters', async () => {
      const bot = await createChatBot();
      const identifier = 'i'.repeat(200);
      await bot.runtime.configureIntegration({ identifier });
      expect(await identifierOf(bot)).toBe(identifier);
    });

    it.each(SCHEDULES)('accepts the schedule %s', async (scheduleRegisterCall) => {
      const bot = await createChatBot();
      await expect(bot.runtime.configureIntegration({ scheduleRegisterCall })).resolves.toEqual({});
    });

    it('accepts sandboxIdentifiers as an empty object or null', async () => {
      const bot = await createChatBot();
      await expect(bot.runtime.configureIntegration({ sandboxIdentifiers: {} })).resolves.toEqual({});
      await expect(bot.runtime.configureIntegration({ sandboxIdentifiers: null })).resolves.toEqual({});
    });

    it('configures only the instance it names', async () => {
      const bot = await createChatBot();
      await bot.admin.updateBot({ id: bot.botId, integrations: { support: { integrationId: 'chat', enabled: true, configuration: {} } } });
      await client({ botId: bot.botId, integrationAlias: 'support' }).configureIntegration({ identifier: 'support-only' });
      const { bot: view } = await bot.admin.getBot({ id: bot.botId });
      expect(view.integrations.support.identifier).toBe('support-only');
      expect(view.integrations.webchat.identifier).toBeUndefined();
    });

    it('configures the same alias of another bot independently', async () => {
      const [one, two] = await Promise.all([createChatBot(), createChatBot()]);
      await one.runtime.configureIntegration({ identifier: 'bot-one' });
      await two.runtime.configureIntegration({ identifier: 'bot-two' });
      expect(await identifierOf(one)).toBe('bot-one');
      expect(await identifierOf(two)).toBe('bot-two');
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    let bot: ChatBot;
    const as = () => ({ botId: bot.botId, integrationAlias: 'webchat' });

    beforeAll(async () => {
      bot = await createChatBot();
      await bot.runtime.configureIntegration({ identifier: 'original' });
    });

    // Every rejected request must leave the stored identifier as it was.
    afterEach(async () => {
      expect(await identifierOf(bot)).toBe('original');
    });

    it('refuses an identifier longer than 200 characters', async () => {
      const error = await invalidPayload(configureAs(as(), { identifier: 'i'.repeat(201) }));
      expect(error.message).toBe('identifier must be shorter than or equal to 200 characters');
    });

    it('refuses an identifier holding U+0000', async () => {
      const error = await invalidPayload(configureAs(as(), { identifier: 'nul\u0000' }));
      expect(error.message).toMatch(/U\+0000/);
    });

    it.each([
      ['a number', 42],
      ['a boolean', true],
      ['an object', { value: 'x' }],
      ['an array', ['x']],
    ])('refuses an identifier that is %s', async (_, identifier) => {
      const error = await invalidPayload(configureAs(as(), { identifier }));
      expect(error.message).toMatch(/identifier must be a string/);
    });

    it.each([
      ['an unknown word', 'fortnightly'],
      ['a known word in another case', 'Daily'],
      ['a known word with spaces', ' daily'],
      ['an empty string', ''],
      ['a number', 7],
      ['null', null],
    ])('refuses a scheduleRegisterCall that is %s', async (_, scheduleRegisterCall) => {
      const error = await invalidPayload(configureAs(as(), { identifier: 'changed', scheduleRegisterCall }));
      expect(error.message).toBe(
        'scheduleRegisterCall must be one of the following values: hourly, daily, weekly, bi-weekly, monthly, bi-monthly, quarterly, yearly',
      );
    });

    it.each([
      ['an object with a property', { sandbox: 'abc' }],
      ['an array', []],
      ['a string', 'abc'],
    ])('refuses sandboxIdentifiers that is %s', async (_, sandboxIdentifiers) => {
      const error = await invalidPayload(configureAs(as(), { identifier: 'changed', sandboxIdentifiers }));
      expect(error.message).toBe('sandboxIdentifiers must be an object with no properties');
    });

    it('refuses an unknown body property and names it', async () => {
      const res = await post(bot, JSON.stringify({ identifier: 'changed', integrationId: 'other' }));
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toBe('property integrationId should not exist');
    });

    it.each([
      ['malformed JSON', '{"identifier": "changed"'],
      ['a trailing comma', '{"identifier": "changed",}'],
      ['a bare word', 'identifier'],
    ])('refuses %s', async (_, body) => {
      const res = await post(bot, body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toBe('The request body is not valid JSON');
    });

    it.each([
      ['an array', '[{"identifier": "changed"}]'],
      ['a string', '"changed"'],
    ])('refuses a JSON body that is %s', async (_, body) => {
      const res = await post(bot, body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });

    it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
      'answers 415 UnsupportedMediaType for a %s body',
      async (contentType) => {
        const res = await post(bot, JSON.stringify({ identifier: 'changed' }), { 'content-type': contentType });
        expect(res.status).toBe(415);
        expectErrorBody(res.json, 415, 'UnsupportedMediaType');
      },
    );

    it('answers 415 for a body without a content type', async () => {
      const res = await raw('POST', PATH, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'x-integration-alias': 'webchat' },
        body: JSON.stringify({ identifier: 'changed' }),
      });
      expect(res.status).toBe(415);
      expectErrorBody(res.json, 415, 'UnsupportedMediaType');
    });

    it('raises the typed UnsupportedMediaTypeError in the official client', async () => {
      const texty = client({ ...as(), headers: { 'content-type': 'text/plain' } } as never);
      await expectClientError(texty.configureIntegration({ identifier: 'changed' }), UnsupportedMediaTypeError, 415, 'UnsupportedMediaType');
    });
  });

  describe('integration headers', () => {
    let bot: ChatBot;

    beforeAll(async () => {
      bot = await createChatBot();
    });

    it('answers 404 for an x-integration-alias not installed on the bot', async () => {
      const error = await notFound(configureAs({ botId: bot.botId, integrationAlias: 'nope' }));
      expect(error.message).toMatch(/nope/);
      const res = await post(bot, JSON.stringify({ identifier: 'x' }), { 'x-integration-alias': 'nope' });
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    });

    it('finds the instance by x-integration-id when no alias is sent', async () => {
      await expect(configureAs({ botId: bot.botId, integrationId: 'chat' }, { identifier: 'by-integration-id' })).resolves.toEqual({});
      expect(await identifierOf(bot)).toBe('by-integration-id');
    });

    it('answers 404 for an x-integration-id not installed on the bot', async () => {
      await notFound(configureAs({ botId: bot.botId, integrationId: 'telegram' }));
    });

    it('answers 400 when neither x-integration-id nor x-integration-alias is sent', async () => {
      const error = await invalidPayload(configureAs({ botId: bot.botId }));
      expect(error.message).toMatch(/x-integration-id or x-integration-alias/);
      const res = await post(bot, JSON.stringify({ identifier: 'x' }), { 'x-integration-alias': '' });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });

    it('answers 400 for an x-integration-id installed under two aliases', async () => {
      const twice = await createChatBot();
      await twice.admin.updateBot({ id: twice.botId, integrations: { second: { integrationId: 'chat', enabled: true, configuration: {} } } });
      const error = await invalidPayload(configureAs({ botId: twice.botId, integrationId: 'chat' }));
      expect(error.message).toMatch(/x-integration-alias/);
    });
  });

  describe('authentication and authorization', () => {
    let bot: ChatBot;
    let other: { token: string; workspaceId: string };

    beforeAll(async () => {
      [bot, other] = await Promise.all([createChatBot(), secondAccount()]);
      await bot.runtime.configureIntegration({ identifier: 'original' });
    });

    // Every refused request must leave the stored identifier as it was.
    afterEach(async () => {
      expect(await identifierOf(bot)).toBe('original');
    });

    it('answers 401 without a token', async () => {
      const anonymous = anonymousClient({ botId: bot.botId, integrationAlias: 'webchat' });
      await unauthorized(anonymous.configureIntegration({ identifier: 'changed' }));
      const res = await post(bot, JSON.stringify({ identifier: 'changed' }), { authorization: '' });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
    });

    it('answers 401 for an authorization header that is not a bearer token', async () => {
      const basic = `Basic ${Buffer.from('a:b').toString('base64')}`;
      const res = await post(bot, JSON.stringify({ identifier: 'changed' }), { authorization: basic });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
    });

    it('answers 401 for an unknown token', async () => {
      await unauthorized(configureAs({ token: `bp_pat_${randomUUID()}`, botId: bot.botId, integrationAlias: 'webchat' }));
    });

    it('answers 401 without x-bot-id', async () => {
      const error = await unauthorized(configureAs({ integrationAlias: 'webchat' }));
      expect(error.message).toMatch(/x-bot-id/);
      const res = await post(bot, JSON.stringify({ identifier: 'changed' }), { 'x-bot-id': ' ' });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
    });

    it('reports a missing credential before an invalid body', async () => {
      const res = await post(bot, JSON.stringify({ identifier: 1, unknown: true }), { authorization: '' });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
    });

    it('answers 403 for the token of another account on this bot', async () => {
      await forbidden(configureAs({ token: other.token, botId: bot.botId, integrationAlias: 'webchat' }));
      const res = await post(bot, JSON.stringify({ identifier: 'changed' }), { authorization: `Bearer ${other.token}` });
      expect(res.status).toBe(403);
      expectErrorBody(res.json, 403, 'Forbidden');
    });

    it('answers 403 for an unknown bot id', async () => {
      await forbidden(configureAs({ botId: randomUUID(), integrationAlias: 'webchat' }));
      await forbidden(configureAs({ botId: 'not-a-bot', integrationAlias: 'webchat' }));
    });

    it('answers 403 on a bot of another account, which that account may configure', async () => {
      const admin = client({ token: other.token, workspaceId: other.workspaceId });
      const { bot: theirs } = await admin.createBot({ name: 'their bot' });
      await admin.updateBot({ id: theirs.id, integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: {} } } });
      await forbidden(configureAs({ botId: theirs.id, integrationAlias: 'webchat' }));
      await expect(configureAs({ token: other.token, botId: theirs.id, integrationAlias: 'webchat' }, { identifier: 'theirs' })).resolves.toEqual({});
      const { bot: view } = await admin.getBot({ id: theirs.id });
      expect(view.integrations.webchat.identifier).toBe('theirs');
    });
  });
});
