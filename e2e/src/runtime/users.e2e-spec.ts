import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { client, createChatBot, e2e, expectClientError, expectErrorBody, ISO_MS, raw, secondAccount, sleep, sql, walkPages } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

type User = Awaited<ReturnType<Client['getUser']>>['user'];

/** Creation order as the API keeps it: by creation time, then by id. */
const byCreation = (a: User, b: User) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);

/** A bot of its own, so that lists hold only what the test made. */
async function newBot(): Promise<{ botId: string; runtime: Client }> {
  const { botId } = await createChatBot();
  return { botId, runtime: client({ botId }) };
}

async function integrationOf(botId: string, userId: string): Promise<string | null> {
  const [row] = await sql<{ integration: string | null }>('SELECT integration FROM runtime.users WHERE bot_id = $1 AND id = $2', [botId, userId]);
  return row.integration;
}

describe('runtime users (/v1/chat/users)', () => {
  describe('createUser', () => {
    it('answers { user } with the given fields, ISO timestamps and no other field', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { email: 'ada@example.com' }, name: 'Ada', pictureUrl: 'https://example.com/ada.png' });
      expect(user).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: user.createdAt,
        tags: { email: 'ada@example.com' },
        name: 'Ada',
        pictureUrl: 'https://example.com/ada.png',
      });
    });

    it('leaves out name and pictureUrl when not given, and drops empty tag values', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { kept: 'yes', empty: '' } });
      expect(user).toEqual({ id: user.id, createdAt: user.createdAt, updatedAt: user.updatedAt, tags: { kept: 'yes' } });
    });

    it('stores the integration named by integrationName, or none', async () => {
      const { botId, runtime } = await newBot();
      const { user: telegram } = await runtime.createUser({ tags: {}, integrationName: 'telegram' });
      const { user: plain } = await runtime.createUser({ tags: {} });
      expect(await integrationOf(botId, telegram.id)).toBe('telegram');
      expect(await integrationOf(botId, plain.id)).toBeNull();
    });

    it('gives every user a new id', async () => {
      const { runtime } = await newBot();
      const ids = new Set(await Promise.all([1, 2, 3].map(async () => (await runtime.createUser({ tags: {} })).user.id)));
      expect(ids.size).toBe(3);
    });
  });

  describe('getUser', () => {
    it('answers the user as created', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { a: '1' }, name: 'Grace' });
      await expect(runtime.getUser({ id: user.id })).resolves.toEqual({ user });
    });

    it('sees the users chat clients create, with their tags', async () => {
      const bot = await createChatBot();
      const chat = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const { user } = await client({ botId: bot.botId }).getUser({ id: chat.user.id });
      expect(user).toEqual({ id: chat.user.id, createdAt: chat.user.createdAt, updatedAt: chat.user.updatedAt, tags: {} });
    });

    it('answers 404 for an unknown id and for a user of another bot', async () => {
      const [one, two] = await Promise.all([newBot(), newBot()]);
      const { user } = await one.runtime.createUser({ tags: {} });
      const error = await notFound(one.runtime.getUser({ id: 'user_unknown' }));
      expect(error.message).toMatch(/user_unknown/);
      await notFound(two.runtime.getUser({ id: user.id }));
    });
  });

  describe('listUsers', () => {
    let botId: string;
    let runtime: Client;
    let users: User[];

    beforeAll(async () => {
      ({ botId, runtime } = await newBot());
      users = [];
      for (let i = 0; i < 25; i++) {
        const { user } = await runtime.createUser({ tags: { parity: i % 2 === 0 ? 'even' : 'odd', index: String(i) } });
        users.push(user);
      }
    });

    it('answers { users, meta }, newest first, 20 to a page by default', async () => {
      const first = await runtime.listUsers({});
      const newestFirst = [...users].sort(byCreation).reverse();
      expect(first.users).toEqual(newestFirst.slice(0, 20));
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const second = await runtime.listUsers({ nextToken: first.meta.nextToken });
      expect(second.users).toEqual(newestFirst.slice(20));
      expect(second.meta).toEqual({});
    });

    it('pages with pageSize and nextToken, each user once', async () => {
      const { pages } = await walkPages(
        (nextToken) => runtime.listUsers({ pageSize: 7, nextToken }),
        (page): User[] => page.users,
      );
      expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
      expect(pages.flat().map((u) => u.id)).toEqual(
        [...users]
          .sort(byCreation)
          .reverse()
          .map((u) => u.id),
      );
    });

    it('keeps a page boundary stable while users are inserted', async () => {
      const { runtime: own } = await newBot();
      for (let i = 0; i < 4; i++) await own.createUser({ tags: {} });
      const first = await own.listUsers({ pageSize: 2, sortDirection: 'asc' });
      const { user: newer } = await own.createUser({ tags: {} });
      const rest = await own.list.users({ nextToken: first.meta.nextToken, sortDirection: 'asc' } as never).collect();
      expect([...first.users, ...rest].map((u) => u.id)).toHaveLength(5);
      expect(rest[rest.length - 1].id).toBe(newer.id);
    });

    it('sorts by createdAt ascending when asked', async () => {
      const all = await runtime.list.users({ sortField: 'createdAt', sortDirection: 'asc' }).collect();
      expect(all.map((u) => u.id)).toEqual([...users].sort(byCreation).map((u) => u.id));
    });

    it('sorts by updatedAt', async () => {
      const { runtime: own } = await newBot();
      const { user: a } = await own.createUser({ tags: {} });
      await sleep(2);
      const { user: b } = await own.createUser({ tags: {} });
      await sleep(2);
      await own.updateUser({ id: a.id, name: 'touched' });
      const byUpdate = await own.listUsers({ sortField: 'updatedAt', sortDirection: 'desc' });
      expect(byUpdate.users.map((u) => u.id)).toEqual([a.id, b.id]);
      const byCreationDesc = await own.listUsers({ sortField: 'createdAt', sortDirection: 'desc' });
      expect(byCreationDesc.users.map((u) => u.id)).toEqual([b.id, a.id]);
    });

    it('keeps the users having every given tag value', async () => {
      const even = await runtime.list.users({ tags: { parity: 'even' } }).collect();
      expect(even.map((u) => u.tags.index).sort()).toEqual(
        users
          .filter((_, i) => i % 2 === 0)
          .map((u) => u.tags.index)
          .sort(),
      );
      const one = await runtime.listUsers({ tags: { parity: 'odd', index: '7' } });
      expect(one.users.map((u) => u.id)).toEqual([users[7].id]);
      await expect(runtime.listUsers({ tags: { parity: 'odd', index: '8' } })).resolves.toEqual({ users: [], meta: {} });
    });

    it('keeps the participants of a conversation', async () => {
      const { runtime: own } = await newBot();
      const { user: inside } = await own.createUser({ tags: {} });
      const { user: alsoInside } = await own.createUser({ tags: {} });
      await own.createUser({ tags: {} });
      const { conversation } = await own.createConversation({ channel: 'dm', tags: {} });
      await own.addParticipant({ id: conversation.id, userId: inside.id });
      await own.addParticipant({ id: conversation.id, userId: alsoInside.id });
      const { users: listed } = await own.listUsers({ conversationId: conversation.id });
      expect(listed.map((u) => u.id).sort()).toEqual([inside.id, alsoInside.id].sort());
      await expect(own.listUsers({ conversationId: 'conv_unknown' })).resolves.toEqual({ users: [], meta: {} });
    });

    it('keeps the users created, or updated, inside a date range', async () => {
      const { runtime: own } = await newBot();
      const { user: before } = await own.createUser({ tags: {} });
      await sleep(10);
      const start = new Date().toISOString();
      await sleep(10);
      const { user: inside } = await own.createUser({ tags: {} });
      await sleep(10);
      const end = new Date().toISOString();
      await sleep(10);
      const { user: after } = await own.createUser({ tags: {} });
      expect((await own.listUsers({ afterDate: start, beforeDate: end })).users.map((u) => u.id)).toEqual([inside.id]);
      expect((await own.listUsers({ beforeDate: start })).users.map((u) => u.id)).toEqual([before.id]);
      expect((await own.listUsers({ afterDate: end })).users.map((u) => u.id)).toEqual([after.id]);
      await own.updateUser({ id: before.id, name: 'late' });
      const updated = await own.listUsers({ afterDate: end, rangeField: 'updatedAt', sortDirection: 'asc' });
      expect(updated.users.map((u) => u.id)).toEqual([before.id, after.id]);
    });

    it.each([
      ['a pageSize of 0', 'pageSize=0'],
      ['a pageSize over 100', 'pageSize=101'],
      ['a pageSize that is not a number', 'pageSize=ten'],
      ['an unknown sortField', 'sortField=name'],
      ['an unknown sortDirection', 'sortDirection=up'],
      ['an unknown rangeField', 'rangeField=name'],
      ['a date that is not ISO 8601', 'afterDate=yesterday'],
      ['a tag filter that is not a map', 'tags=vip'],
      ['an unknown query parameter', 'color=blue'],
      ['a forged nextToken', 'nextToken=not-a-token'],
    ])('answers 400 for %s', async (_, query) => {
      const res = await raw('GET', `/v1/chat/users?${query}`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId } });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });
  });

  describe('getOrCreateUser', () => {
    it('creates the user when none matches, then finds it', async () => {
      const { runtime } = await newBot();
      const first = await runtime.getOrCreateUser({ tags: { externalId: 'u-1' }, name: 'First' });
      expect(first.meta).toEqual({ created: true });
      expect(first.user).toMatchObject({ tags: { externalId: 'u-1' }, name: 'First' });
      const again = await runtime.getOrCreateUser({ tags: { externalId: 'u-1' }, name: 'Ignored' });
      expect(again).toEqual({ user: first.user, meta: { created: false } });
      const other = await runtime.getOrCreateUser({ tags: { externalId: 'u-2' } });
      expect(other.meta.created).toBe(true);
      expect(other.user.id).not.toBe(first.user.id);
    });

    it('finds a user holding more tags than the request names', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { externalId: 'x', email: 'x@example.com' } });
      const found = await runtime.getOrCreateUser({ tags: { externalId: 'x' } });
      expect(found).toEqual({ user, meta: { created: false } });
    });

    it('compares only the tags named by discriminateByTags, and stores the others on the user found', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { externalId: 'd-1', email: 'old@example.com', plan: 'free' } });
      await sleep(2);
      const found = await runtime.getOrCreateUser({ tags: { externalId: 'd-1', email: 'new@example.com', plan: null }, discriminateByTags: ['externalId'] });
      expect(found.meta).toEqual({ created: false });
      expect(found.user.id).toBe(user.id);
      expect(found.user.tags).toEqual({ externalId: 'd-1', email: 'new@example.com' });
      expect(found.user.updatedAt > user.updatedAt).toBe(true);
      await expect(runtime.getUser({ id: user.id })).resolves.toEqual({ user: found.user });
      // Without discriminateByTags every tag given is compared: this email matches no user.
      const created = await runtime.getOrCreateUser({ tags: { externalId: 'd-1', email: 'other@example.com' } });
      expect(created.meta).toEqual({ created: true });
      expect(created.user.id).not.toBe(user.id);
    });

    it('matches a discriminating tag without a value only on users lacking that tag', async () => {
      const { runtime } = await newBot();
      const { user: tagged } = await runtime.createUser({ tags: { kind: 'bot-user', email: 'e@example.com' } });
      const untagged = await runtime.getOrCreateUser({ tags: { kind: 'bot-user' }, discriminateByTags: ['kind', 'email'] });
      expect(untagged.meta.created).toBe(true);
      expect(untagged.user.id).not.toBe(tagged.id);
      const again = await runtime.getOrCreateUser({ tags: { kind: 'bot-user', email: null }, discriminateByTags: ['kind', 'email'] });
      expect(again).toEqual({ user: untagged.user, meta: { created: false } });
    });

    it('looks only among the users of the same integration', async () => {
      const { botId, runtime } = await newBot();
      const plain = await runtime.getOrCreateUser({ tags: { externalId: 'same' } });
      const telegram = await runtime.getOrCreateUser({ tags: { externalId: 'same' }, integrationName: 'telegram' });
      expect(telegram.meta.created).toBe(true);
      expect(telegram.user.id).not.toBe(plain.user.id);
      expect(await integrationOf(botId, telegram.user.id)).toBe('telegram');
      await expect(runtime.getOrCreateUser({ tags: { externalId: 'same' }, integrationName: 'telegram' })).resolves.toEqual({
        user: telegram.user,
        meta: { created: false },
      });
    });

    it('creates one user for concurrent requests of the same tags', async () => {
      const { runtime } = await newBot();
      const answers = await Promise.all(Array.from({ length: 8 }, () => runtime.getOrCreateUser({ tags: { externalId: 'race' } })));
      expect(new Set(answers.map((a) => a.user.id)).size).toBe(1);
      expect(answers.filter((a) => a.meta.created)).toHaveLength(1);
      expect(await runtime.list.users({ tags: { externalId: 'race' } }).collect()).toHaveLength(1);
    });
  });

  describe('updateUser', () => {
    it('changes only the fields given and merges the tags; null or empty removes a tag', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: { a: '1', b: '2', c: '3' }, name: 'Old', pictureUrl: 'https://example.com/old.png' });
      await sleep(2);
      const { user: updated } = await runtime.updateUser({ id: user.id, tags: { a: 'one', b: null, c: '', d: '4' } });
      expect(updated).toEqual({ ...user, tags: { a: 'one', d: '4' }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(updated.updatedAt > user.updatedAt).toBe(true);
      const { user: renamed } = await runtime.updateUser({ id: user.id, name: 'New' });
      expect(renamed).toMatchObject({ name: 'New', pictureUrl: 'https://example.com/old.png', tags: { a: 'one', d: '4' } });
      await expect(runtime.getUser({ id: user.id })).resolves.toEqual({ user: renamed });
    });

    it('removes name and pictureUrl set to null', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: {}, name: 'Named', pictureUrl: 'https://example.com/p.png' });
      const { user: cleared } = await runtime.updateUser({ id: user.id, name: null, pictureUrl: null });
      expect(cleared).toEqual({ id: user.id, createdAt: user.createdAt, updatedAt: cleared.updatedAt, tags: {} });
    });

    it('answers 404 for an unknown user', async () => {
      const { runtime } = await newBot();
      await notFound(runtime.updateUser({ id: 'user_unknown', name: 'x' }));
    });
  });

  describe('deleteUser', () => {
    it('answers {} and the user is gone, with its participations', async () => {
      const { runtime } = await newBot();
      const { user } = await runtime.createUser({ tags: {} });
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: {} });
      await runtime.addParticipant({ id: conversation.id, userId: user.id });
      await expect(runtime.deleteUser({ id: user.id })).resolves.toEqual({});
      await notFound(runtime.getUser({ id: user.id }));
      await expect(runtime.listParticipants({ id: conversation.id })).resolves.toEqual({ participants: [], meta: {} });
      await notFound(runtime.deleteUser({ id: user.id }));
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    let botId: string;
    let userId: string;

    beforeAll(async () => {
      const bot = await newBot();
      botId = bot.botId;
      userId = (await bot.runtime.createUser({ tags: { a: '1' } })).user.id;
    });

    const send = (method: string, path: string, body: unknown) =>
      raw(method, path, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it.each([
      ['POST', '/v1/chat/users', { tags: {}, color: 'blue' }, 'property color should not exist'],
      ['POST', '/v1/chat/users/get-or-create', { tags: {}, id: 'mine' }, 'property id should not exist'],
      ['PUT', '/v1/chat/users/:id', { name: 'x', integrationName: 'telegram' }, 'property integrationName should not exist'],
    ])('refuses an unknown body property (%s %s)', async (method, path, body, message) => {
      const res = await send(method, path.replace(':id', userId), body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toBe(message);
    });

    it.each([
      ['POST', '/v1/chat/users', {}, /tags/],
      ['POST', '/v1/chat/users', { tags: 'vip' }, /tags/],
      ['POST', '/v1/chat/users', { tags: { a: 1 } }, /tags/],
      ['POST', '/v1/chat/users', { tags: { a: null } }, /tags/],
      ['POST', '/v1/chat/users', { tags: {}, name: 5 }, /name must be a string/],
      ['POST', '/v1/chat/users', { tags: {}, integrationName: ['x'] }, /integrationName must be a string/],
      ['POST', '/v1/chat/users/get-or-create', { tags: { a: 2 } }, /tags/],
      ['POST', '/v1/chat/users/get-or-create', { tags: {}, discriminateByTags: 'a' }, /discriminateByTags/],
      ['POST', '/v1/chat/users/get-or-create', { tags: {}, discriminateByTags: [1] }, /discriminateByTags/],
      ['PUT', '/v1/chat/users/:id', { tags: null }, /tags/],
      ['PUT', '/v1/chat/users/:id', { tags: { a: true } }, /tags/],
      ['PUT', '/v1/chat/users/:id', { pictureUrl: 42 }, /pictureUrl must be a string/],
      // Tags are bounded: 100 keys of 1 to 200 characters, values of at most 500.
      ['POST', '/v1/chat/users', { tags: { a: 'v'.repeat(501) } }, /tags\.a must be at most 500 characters/],
      ['PUT', '/v1/chat/users/:id', { tags: { ['k'.repeat(201)]: 'v' } }, /keys must be 1 to 200 characters/],
      ['POST', '/v1/chat/users', { tags: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v'])) }, /at most 100 are allowed/],
    ])('refuses wrong types and sizes (%s %s %j)', async (method, path, body, message) => {
      const res = await send(method, path.replace(':id', userId), body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });

    it('raises the typed InvalidPayloadError in the official client, and changes nothing', async () => {
      await invalidPayload(client({ botId }).updateUser({ id: userId, tags: { a: 7 as never } }));
      expect((await client({ botId }).getUser({ id: userId })).user.tags).toEqual({ a: '1' });
    });
  });

  describe('authorization', () => {
    it('answers 403 to the token of another account on every operation', async () => {
      const [{ botId, runtime }, other] = await Promise.all([newBot(), secondAccount()]);
      const { user } = await runtime.createUser({ tags: { a: '1' } });
      const intruder = client({ token: other.token, botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.createUser({ tags: {} }));
      await forbidden(intruder.getUser({ id: user.id }));
      await forbidden(intruder.listUsers({}));
      await forbidden(intruder.getOrCreateUser({ tags: { a: '1' } }));
      await forbidden(intruder.updateUser({ id: user.id, name: 'taken' }));
      await forbidden(intruder.deleteUser({ id: user.id }));
      await expect(runtime.getUser({ id: user.id })).resolves.toEqual({ user });
      expect((await runtime.listUsers({})).users).toHaveLength(1);
    });
  });
});
