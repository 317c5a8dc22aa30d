import { createHmac, randomUUID } from 'node:crypto';
import { Client as ChatClient, UnauthorizedError } from '@botpress/chat';
import { ChatBot, createChatBot, e2e, expectClientError, expectErrorBody, raw } from '@platform/testing';

const ENCRYPTION_KEY = 'the-encryption-key-of-this-chat';
/** A foreign user id as long as the runtime API's ids (28 to 36 characters), so the bot reads it back as the API describes. */
const KEY_OWNER = 'key-owner-of-the-chat-key-tests';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(claims: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);

let bot: ChatBot;
let keyed: ChatBot;
let conversationId: string;
let messageId: string;

/** Every operation that needs a user, as hand-made requests: name, method, path, body. */
type Operation = [string, string, () => string, (() => object)?];
const OPERATIONS: Operation[] = [
  ['getUser', 'GET', () => '/users/me'],
  ['getOrCreateUser', 'POST', () => '/users/get-or-create', () => ({})],
  ['createConversation', 'POST', () => '/conversations', () => ({})],
  ['createMessage', 'POST', () => '/messages', () => ({ conversationId, payload: { type: 'text', text: 'x' } })],
  ['getMessage', 'GET', () => `/messages/${messageId}`],
];

function call([, method, path, body]: Operation, headers: Record<string, string>, webhookId = keyed.webhookId) {
  return raw(method, `/chat/${webhookId}${path()}`, {
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body()) : undefined,
  });
}

describe('chat user keys (x-user-key)', () => {
  beforeAll(async () => {
    [bot, keyed] = await Promise.all([createChatBot(), createChatBot({ encryptionKey: ENCRYPTION_KEY })]);
    const client = await ChatClient.connect({ apiUrl: keyed.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId: KEY_OWNER });
    conversationId = (await client.createConversation({})).conversation.id;
    messageId = (await client.createMessage({ conversationId, payload: { type: 'text', text: 'hi' } })).message.id;
  });

  it('lets a valid key through on every operation', async () => {
    const key = jwt({ id: KEY_OWNER }, ENCRYPTION_KEY);
    for (const operation of OPERATIONS) {
      const res = await call(operation, { 'x-user-key': key });
      expect([operation[0], res.status]).toEqual([operation[0], 200]);
    }
  });

  it.each(OPERATIONS)('answers 401 to %s without x-user-key', async (...operation: Operation) => {
    const res = await call(operation, {});
    expect(res.status).toBe(401);
    expectErrorBody(res.json, 401, 'Unauthorized');
  });

  it.each(OPERATIONS)('answers 401 to %s with a key that is not a JWT', async (...operation: Operation) => {
    const res = await call(operation, { 'x-user-key': 'garbage' });
    expect(res.status).toBe(401);
    expectErrorBody(res.json, 401, 'Unauthorized');
  });

  it('raises UnauthorizedError in the official client for a missing or garbage key', async () => {
    await expectClientError(keyed.chat.getUser({} as never), UnauthorizedError, 401, 'Unauthorized');
    await expectClientError(keyed.chat.getUser({ 'x-user-key': '' }), UnauthorizedError, 401, 'Unauthorized');
    await expectClientError(keyed.chat.getUser({ 'x-user-key': 'garbage' }), UnauthorizedError, 401, 'Unauthorized');
    await expectClientError(keyed.chat.createConversation({ 'x-user-key': 'a.b.c' }), UnauthorizedError, 401, 'Unauthorized');
    await expectClientError(keyed.chat.getMessage({ 'x-user-key': 'x', id: messageId }), UnauthorizedError, 401, 'Unauthorized');
  });

  it.each([
    ['signed with another secret', () => jwt({ id: KEY_OWNER }, 'another-secret')],
    ['with the alg "none" and no signature', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ id: KEY_OWNER })}.`],
    ['with the alg "none" and a real signature', () => jwt({ id: KEY_OWNER }, ENCRYPTION_KEY, { alg: 'none' })],
    ['signed with HS512', () => jwt({ id: KEY_OWNER }, ENCRYPTION_KEY, { alg: 'HS512', typ: 'JWT' })],
    [
      'whose claims were changed after signing',
      () => {
        const [header, , signature] = jwt({ id: 'someone-else' }, ENCRYPTION_KEY).split('.');
        return `${header}.${base64url({ id: KEY_OWNER })}.${signature}`;
      },
    ],
    ['that has expired', () => jwt({ id: KEY_OWNER, exp: now() - 60 }, ENCRYPTION_KEY)],
    ['that is not valid yet', () => jwt({ id: KEY_OWNER, nbf: now() + 3600 }, ENCRYPTION_KEY)],
    ['without an id', () => jwt({ sub: KEY_OWNER }, ENCRYPTION_KEY)],
    ['with a numeric id', () => jwt({ id: 42 }, ENCRYPTION_KEY)],
    ['with an empty id', () => jwt({ id: '' }, ENCRYPTION_KEY)],
    ['with only two parts', () => jwt({ id: KEY_OWNER }, ENCRYPTION_KEY).split('.').slice(0, 2).join('.')],
  ])('refuses a key %s (401)', async (_, key) => {
    await expectClientError(keyed.chat.getUser({ 'x-user-key': key() }), UnauthorizedError, 401, 'Unauthorized');
  });

  it('accepts a key with an expiry in the future', async () => {
    const key = jwt({ id: KEY_OWNER, exp: now() + 3600, iat: now() }, ENCRYPTION_KEY);
    await expect(keyed.chat.getUser({ 'x-user-key': key })).resolves.toMatchObject({ user: { id: KEY_OWNER } });
  });

  it('refuses a key of one webhook on another webhook (401)', async () => {
    const { key } = await bot.chat.createUser({});
    await expect(bot.chat.getUser({ 'x-user-key': key })).resolves.toBeDefined();
    await expectClientError(keyed.chat.getUser({ 'x-user-key': key }), UnauthorizedError, 401, 'Unauthorized');
    const res = await raw('GET', `/chat/${keyed.webhookId}/users/me`, { headers: { 'x-user-key': key } });
    expect(res.status).toBe(401);
    expectErrorBody(res.json, 401, 'Unauthorized');
  });

  it('refuses a key of one chat instance on another instance of the same bot (401)', async () => {
    const { bot: updated } = await bot.admin.updateBot({
      id: bot.botId,
      integrations: { second: { integrationId: 'chat', enabled: true, configuration: {} } },
    });
    const second = new ChatClient({ apiUrl: `${e2e.chatUrl}/${updated.integrations.second.webhookId}` });
    const { key } = await second.createUser({});
    await expect(second.getUser({ 'x-user-key': key })).resolves.toBeDefined();
    await expectClientError(bot.chat.getUser({ 'x-user-key': key }), UnauthorizedError, 401, 'Unauthorized');
  });

  it('answers 404 rather than 401 when the webhook itself is unknown', async () => {
    const res = await call(OPERATIONS[0], { 'x-user-key': jwt({ id: KEY_OWNER }, ENCRYPTION_KEY) }, randomUUID());
    expect(res.status).toBe(404);
    expectErrorBody(res.json, 404, 'ResourceNotFound');
  });

  describe("the bot's own user", () => {
    it.each(OPERATIONS)("refuses %s with a key naming the bot's id (403), storing nothing", async (...operation: Operation) => {
      const before = await keyed.runtime.listMessages({ conversationId });
      const res = await call(operation, { 'x-user-key': jwt({ id: keyed.botId, iat: now() }, ENCRYPTION_KEY) });
      expect(res.status).toBe(403);
      expectErrorBody(res.json, 403, 'Forbidden');
      expect((await keyed.runtime.listMessages({ conversationId })).messages).toEqual(before.messages);
    });

    it('refuses to create a user under the bot id (403)', async () => {
      const res = await raw('POST', `/chat/${keyed.webhookId}/users`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: keyed.botId }),
      });
      expect(res.status).toBe(403);
      expectErrorBody(res.json, 403, 'Forbidden');
    });
  });

  describe('revocation and expiry', () => {
    it('never brings a deleted user back with a key issued before the deletion; a key issued after may create it anew', async () => {
      const { user, key } = await keyed.chat.createUser({ id: `gone-${randomUUID().slice(0, 8)}` });
      await keyed.chat.deleteUser({ 'x-user-key': key });
      for (const operation of OPERATIONS) {
        const res = await call(operation, { 'x-user-key': key });
        expect([operation[0], res.status >= 400 && res.status < 500]).toEqual([operation[0], true]);
        expectErrorBody(res.json, res.status, res.json.type);
      }
      await expectClientError(keyed.chat.getOrCreateUser({ 'x-user-key': key }), UnauthorizedError, 401, 'Unauthorized');
      await expect(keyed.runtime.getUser({ id: user.id })).rejects.toMatchObject({ code: 404 });
      // The holder of the encryption key may mint a new key (a second later), which creates the user anew.
      await new Promise((r) => setTimeout(r, 1100));
      const fresh = jwt({ id: user.id, iat: now() }, ENCRYPTION_KEY);
      await expect(keyed.chat.getOrCreateUser({ 'x-user-key': fresh })).resolves.toMatchObject({ user: { id: user.id } });
    });

    it('issues keys that expire when the integration sets userKeyTtlSeconds', async () => {
      const expiring = await createChatBot({ userKeyTtlSeconds: 120 });
      const { key } = await expiring.chat.createUser({});
      const claims = JSON.parse(Buffer.from(key.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(120);
      await expect(expiring.chat.getUser({ 'x-user-key': key })).resolves.toBeDefined();
      const res = await raw('PUT', `/v1/admin/bots/${expiring.botId}`, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': expiring.workspaceId, 'content-type': 'application/json' },
        body: JSON.stringify({ integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: { userKeyTtlSeconds: 5 } } } }),
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/userKeyTtlSeconds/);
    });
  });
});
