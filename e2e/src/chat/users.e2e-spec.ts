import { createHmac } from 'node:crypto';
import { AlreadyExistsError, AuthenticatedClient, Client as ChatClient, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/chat';
import { ChatBot, createChatBot, expectClientError, expectErrorBody, ISO_MS, raw } from '@platform/testing';

const ENCRYPTION_KEY = 'a-chat-encryption-key-of-the-bot';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const unauthorized = (call: Promise<unknown>) => expectClientError(call, UnauthorizedError, 401, 'Unauthorized');

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWT made here, independently of the product's code. */
function jwt(claims: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The claims of a key, after checking its HS256 signature against `secret`. */
function verifiedClaims(key: string, secret: string): Record<string, unknown> {
  const [header, payload, signature] = key.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

/** A chat user: an id of the foreign id form, ISO timestamps, and no field beyond its profile. */
const expectUser = (user: any) =>
  expect(user).toEqual({
    id: expect.stringMatching(/^[a-zA-Z0-9_-]{1,100}$/),
    createdAt: expect.stringMatching(ISO_MS),
    updatedAt: expect.stringMatching(ISO_MS),
    ...(user?.name !== undefined ? { name: user.name } : {}),
    ...(user?.pictureUrl !== undefined ? { pictureUrl: user.pictureUrl } : {}),
    ...(user?.profile !== undefined ? { profile: user.profile } : {}),
  });

describe('chat users', () => {
  let bot: ChatBot;
  let keyed: ChatBot;

  beforeAll(async () => {
    [bot, keyed] = await Promise.all([createChatBot(), createChatBot({ encryptionKey: ENCRYPTION_KEY })]);
  });

  describe('Client.connect()', () => {
    it('with no arguments creates a new user and its key', async () => {
      const client = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      expect(client).toBeInstanceOf(AuthenticatedClient);
      const { key, ...connected } = client.user;
      expectUser(connected);
      expect(key.split('.')).toHaveLength(3);
      const { user } = await client.getUser({});
      expect(user).toEqual({ id: client.user.id, createdAt: client.user.createdAt, updatedAt: client.user.updatedAt });
    });

    it('creates a different user on every call', async () => {
      const [a, b] = await Promise.all([ChatClient.connect({ apiUrl: bot.chatApiUrl }), ChatClient.connect({ apiUrl: bot.chatApiUrl })]);
      expect(a.user.id).not.toBe(b.user.id);
    });

    it('with encryptionKey and userId creates the user under that id, and finds it again on the next connection', async () => {
      const first = await ChatClient.connect({ apiUrl: keyed.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId: 'customer-1234' });
      expect(first.user.id).toBe('customer-1234');
      const { key, ...connected } = first.user;
      expectUser(connected);
      expect(verifiedClaims(key, ENCRYPTION_KEY)).toMatchObject({ id: 'customer-1234' });

      const again = await ChatClient.connect({ apiUrl: keyed.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId: 'customer-1234' });
      expect(again.user.id).toBe('customer-1234');
      expect(again.user.createdAt).toBe(first.user.createdAt);
      expect((await again.getUser({})).user.id).toBe('customer-1234');
    });

    it('with encryptionKey refuses a key the bot does not share (401)', async () => {
      await unauthorized(ChatClient.connect({ apiUrl: keyed.chatApiUrl, encryptionKey: 'not-the-bots-key', userId: 'someone' }));
      // A bot whose chat integration has no encryption key of its own signs with a key it never shows.
      await unauthorized(ChatClient.connect({ apiUrl: bot.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId: 'someone' }));
    });

    it.each([
      ['spaces', 'has space'],
      ['a slash', 'a/b'],
      ['more than 100 characters', 'u'.repeat(101)],
      ['non-ASCII letters', 'émilie'],
    ])('with encryptionKey refuses a userId with %s (400)', async (_, userId) => {
      const error = await invalidPayload(ChatClient.connect({ apiUrl: keyed.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId }));
      expect(error.message).toMatch(/\^\[a-zA-Z0-9_-\]\{1,100\}\$/);
    });

    it('with userKey connects as the user the key names', async () => {
      const { user, key } = await bot.chat.createUser({ name: 'Ada' });
      const client = await ChatClient.connect({ apiUrl: bot.chatApiUrl, userKey: key });
      expect(client.user).toEqual({ ...user, key });
    });

    it('with a userKey that is not a key is refused (401)', async () => {
      await unauthorized(ChatClient.connect({ apiUrl: bot.chatApiUrl, userKey: 'garbage' }));
    });
  });

  describe('createUser', () => {
    it('answers the user and an HS256 key { id } signed with the integration encryption key', async () => {
      const { user, key } = await keyed.chat.createUser({});
      expectUser(user);
      expect(user.createdAt).toBe(user.updatedAt);
      expect(verifiedClaims(key, ENCRYPTION_KEY)).toMatchObject({ id: user.id });
    });

    it('keeps the profile fields it is given', async () => {
      const profile = { name: 'Grace Hopper', pictureUrl: 'https://example.com/grace.png', profile: 'Rear admiral' };
      const { user, key } = await bot.chat.createUser(profile);
      expect(user).toMatchObject(profile);
      const { user: read } = await bot.chat.getUser({ 'x-user-key': key });
      expect(read).toEqual(user);
    });

    it('creates the user under a caller-chosen id, and returns that id', async () => {
      const { user, key } = await bot.chat.createUser({ id: 'chosen_User-01' });
      expect(user.id).toBe('chosen_User-01');
      expect((await bot.chat.getUser({ 'x-user-key': key })).user.id).toBe('chosen_User-01');
    });

    it('accepts a chosen id of 1 and of 100 characters', async () => {
      expect((await bot.chat.createUser({ id: '7' })).user.id).toBe('7');
      const long = 'L'.repeat(100);
      expect((await bot.chat.createUser({ id: long })).user.id).toBe(long);
    });

    it.each([
      ['empty', ''],
      ['with a space', 'two words'],
      ['with a dot', 'a.b'],
      ['with a slash', 'a/b'],
      ['with an @', 'me@example.com'],
      ['non-ASCII', 'émilie'],
      ['101 characters long', 'L'.repeat(101)],
    ])('refuses a chosen id that is %s (400)', async (_, id) => {
      const error = await invalidPayload(bot.chat.createUser({ id }));
      expect(error.message).toBe('id must match ^[a-zA-Z0-9_-]{1,100}$');
    });

    it('refuses a chosen id that is not a string (400)', async () => {
      await invalidPayload(bot.chat.createUser({ id: 42 as never }));
    });

    it('answers 409 AlreadyExists for a taken id and leaves the first user as it was', async () => {
      const { user, key } = await bot.chat.createUser({ id: 'taken-user', name: 'First' });
      const error = await expectClientError(bot.chat.createUser({ id: 'taken-user', name: 'Second' }), AlreadyExistsError, 409, 'AlreadyExists');
      expect(error.message).toMatch(/taken-user/);
      expect((await bot.chat.getUser({ 'x-user-key': key })).user).toEqual(user);
      const res = await raw('POST', `/chat/${bot.webhookId}/users`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'taken-user' }),
      });
      expect(res.status).toBe(409);
      expectErrorBody(res.json, 409, 'AlreadyExists');
    });

    it('lets each bot have its own user of the same id', async () => {
      const other = await createChatBot();
      await bot.chat.createUser({ id: 'same-id-on-two-bots' });
      await expect(other.chat.createUser({ id: 'same-id-on-two-bots' })).resolves.toMatchObject({ user: { id: 'same-id-on-two-bots' } });
    });

    it('refuses a profile field over its length limit (400)', async () => {
      await invalidPayload(bot.chat.createUser({ name: 'n'.repeat(201) }));
      await invalidPayload(bot.chat.createUser({ pictureUrl: 42 as never }));
    });

    it('refuses a profile holding U+0000 (400)', async () => {
      const error = await invalidPayload(bot.chat.createUser({ name: 'nul\u0000name' }));
      expect(error.message).toMatch(/U\+0000/);
    });

    it('refuses an unknown body property (400)', async () => {
      const res = await raw('POST', `/chat/${bot.webhookId}/users`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', tags: { a: 'b' } }),
      });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(/tags should not exist/);
    });

    it('refuses malformed JSON (400) and another content type (415)', async () => {
      const json = { 'content-type': 'application/json' };
      const malformed = await raw('POST', `/chat/${bot.webhookId}/users`, { headers: json, body: '{"name":' });
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.json, 400, 'InvalidPayload');
      const text = await raw('POST', `/chat/${bot.webhookId}/users`, { headers: { 'content-type': 'text/plain' }, body: 'name=x' });
      expect(text.status).toBe(415);
      expectErrorBody(text.json, 415, 'UnsupportedMediaType');
    });
  });

  describe('getUser (GET /users/me)', () => {
    it('answers the user of the key', async () => {
      const { user, key } = await bot.chat.createUser({ name: 'Me' });
      expect(await bot.chat.getUser({ 'x-user-key': key })).toEqual({ user });
      const res = await raw('GET', `/chat/${bot.webhookId}/users/me`, { headers: { 'x-user-key': key } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ user });
    });

    it('answers 404 for a valid key whose user was never created', async () => {
      const key = jwt({ id: 'never-created' }, ENCRYPTION_KEY);
      await expectClientError(keyed.chat.getUser({ 'x-user-key': key }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });

  describe('getOrCreateUser', () => {
    it('creates the user of a self-signed key on first use, with its profile, then finds it', async () => {
      const key = jwt({ id: 'first-use' }, ENCRYPTION_KEY);
      const { user } = await keyed.chat.getOrCreateUser({ 'x-user-key': key, name: 'New', profile: 'p' });
      expectUser(user);
      expect(user).toMatchObject({ id: 'first-use', name: 'New', profile: 'p' });
      const { user: again } = await keyed.chat.getOrCreateUser({ 'x-user-key': key });
      expect(again).toEqual(user);
      expect((await keyed.chat.getUser({ 'x-user-key': key })).user).toEqual(user);
    });

    it('answers the existing user of a key from createUser', async () => {
      const { user, key } = await bot.chat.createUser({ name: 'Existing' });
      expect(await bot.chat.getOrCreateUser({ 'x-user-key': key })).toEqual({ user });
    });

    it('agrees on one user when called concurrently', async () => {
      const key = jwt({ id: 'concurrent' }, ENCRYPTION_KEY);
      const users = await Promise.all(Array.from({ length: 5 }, () => keyed.chat.getOrCreateUser({ 'x-user-key': key })));
      expect(new Set(users.map(({ user }) => user.createdAt)).size).toBe(1);
    });

    it('refuses an unknown body property (400)', async () => {
      const key = jwt({ id: 'extra-prop' }, ENCRYPTION_KEY);
      const res = await raw('POST', `/chat/${keyed.webhookId}/users/get-or-create`, {
        headers: { 'content-type': 'application/json', 'x-user-key': key },
        body: JSON.stringify({ id: 'someone-else' }),
      });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });
  });
});
