import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import {
  ChatBot,
  client,
  createChatBot,
  e2e,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  raw,
  recordSignals,
  secondAccount,
  sleep,
  sql,
  until,
} from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

type Conversation = Awaited<ReturnType<Client['getConversation']>>['conversation'];

/** Creation order as the API keeps it: by creation time, then by id. */
const byCreation = (a: Conversation, b: Conversation) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

/** A bot of its own, so that lists hold only what the test made. */
async function newBot(): Promise<{ botId: string; runtime: Client }> {
  const { botId } = await createChatBot();
  return { botId, runtime: client({ botId }) };
}

describe('runtime conversations (/v1/chat/conversations)', () => {
  describe('createConversation', () => {
    it('answers { conversation } with the channel, tags, integration, a zero message count and ISO timestamps', async () => {
      const { runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { topic: 'billing', empty: '' }, integrationName: 'telegram' });
      expect(conversation).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: conversation.createdAt,
        channel: 'dm',
        integration: 'telegram',
        tags: { topic: 'billing' },
        messageCount: 0,
      });
    });

    it('belongs to no integration without integrationName', async () => {
      const { botId, runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'channel', tags: {} });
      expect(conversation.integration).toBe('');
      const [row] = await sql<{ integration: string | null; tags: Record<string, string> }>(
        'SELECT integration, tags FROM runtime.conversations WHERE bot_id = $1 AND id = $2',
        [botId, conversation.id],
      );
      expect(row).toEqual({ integration: null, tags: {} });
      await expect(runtime.listParticipants({ id: conversation.id })).resolves.toEqual({ participants: [], meta: {} });
    });
  });

  describe('getConversation', () => {
    it('answers the conversation as created, and counts its messages', async () => {
      const { botId, runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { a: '1' } });
      await expect(runtime.getConversation({ id: conversation.id })).resolves.toEqual({ conversation });
      await runtime.createMessage({ conversationId: conversation.id, userId: botId, type: 'text', payload: { text: 'hi' }, tags: {} });
      expect((await runtime.getConversation({ id: conversation.id })).conversation.messageCount).toBe(1);
    });

    it('sees the conversations chat users create', async () => {
      const bot = await createChatBot();
      const chat = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const { conversation: created } = await chat.createConversation({});
      const { conversation } = await client({ botId: bot.botId }).getConversation({ id: created.id });
      // The chat integration records the conversation's owner as a tag, as the cloud's does.
      expect(conversation).toEqual({ ...created, channel: 'channel', integration: 'chat', tags: { owner: chat.user.id }, messageCount: 0 });
    });

    it('answers 404 for an unknown id and for a conversation of another bot', async () => {
      const [one, two] = await Promise.all([newBot(), newBot()]);
      const { conversation } = await one.runtime.createConversation({ channel: 'dm', tags: {} });
      const error = await notFound(one.runtime.getConversation({ id: 'conv_unknown' }));
      expect(error.message).toMatch(/conv_unknown/);
      await notFound(two.runtime.getConversation({ id: conversation.id }));
    });
  });

  describe('listConversations', () => {
    let botId: string;
    let runtime: Client;
    let all: Conversation[];

    beforeAll(async () => {
      ({ botId, runtime } = await newBot());
      all = [];
      for (let i = 0; i < 23; i++) {
        const { conversation } = await runtime.createConversation({
          channel: i < 20 ? 'dm' : 'group',
          tags: { parity: i % 2 === 0 ? 'even' : 'odd', index: String(i) },
          ...(i % 3 === 0 ? { integrationName: 'telegram' } : {}),
        });
        all.push(conversation);
      }
    });

    it('answers { conversations, meta }, newest first, 20 to a page by default', async () => {
      const newestFirst = [...all].sort(byCreation).reverse();
      const first = await runtime.listConversations({});
      expect(first.conversations).toEqual(newestFirst.slice(0, 20));
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const second = await runtime.listConversations({ nextToken: first.meta.nextToken });
      expect(second).toEqual({ conversations: newestFirst.slice(20), meta: {} });
    });

    it('pages with pageSize and sorts ascending when asked', async () => {
      const first = await runtime.listConversations({ pageSize: 5, sortDirection: 'asc' });
      expect(first.conversations).toHaveLength(5);
      const collected = await runtime.list.conversations({ pageSize: 5, sortDirection: 'asc' }).collect();
      expect(ids(collected)).toEqual(ids([...all].sort(byCreation)));
    });

    it('sorts by updatedAt', async () => {
      const { runtime: own } = await newBot();
      const { conversation: a } = await own.createConversation({ channel: 'dm', tags: {} });
      await sleep(2);
      const { conversation: b } = await own.createConversation({ channel: 'dm', tags: {} });
      await sleep(2);
      await own.updateConversation({ id: a.id, tags: { touched: 'yes' } });
      expect(ids((await own.listConversations({ sortField: 'updatedAt', sortDirection: 'desc' })).conversations)).toEqual([a.id, b.id]);
      expect(ids((await own.listConversations({ sortField: 'createdAt', sortDirection: 'desc' })).conversations)).toEqual([b.id, a.id]);
    });

    it('filters by tags', async () => {
      const odd = await runtime.list.conversations({ tags: { parity: 'odd' } }).collect();
      expect(ids(odd).sort()).toEqual(ids(all.filter((_, i) => i % 2 === 1)).sort());
      expect(ids((await runtime.listConversations({ tags: { parity: 'odd', index: '3' } })).conversations)).toEqual([all[3].id]);
    });

    it('filters by channel and by integrationName', async () => {
      const group = await runtime.list.conversations({ channel: 'group' }).collect();
      expect(ids(group).sort()).toEqual(ids(all.slice(20)).sort());
      const telegram = await runtime.list.conversations({ integrationName: 'telegram' }).collect();
      expect(ids(telegram).sort()).toEqual(ids(all.filter((_, i) => i % 3 === 0)).sort());
      const both = await runtime.list.conversations({ integrationName: 'telegram', channel: 'group' }).collect();
      expect(ids(both)).toEqual([all[21].id]);
    });

    it('filters by participants: conversations every listed user takes part in', async () => {
      const { runtime: own } = await newBot();
      const { user: ann } = await own.createUser({ tags: {} });
      const { user: bob } = await own.createUser({ tags: {} });
      const { conversation: annOnly } = await own.createConversation({ channel: 'dm', tags: {} });
      const { conversation: both } = await own.createConversation({ channel: 'dm', tags: {} });
      await own.createConversation({ channel: 'dm', tags: {} });
      await own.addParticipant({ id: annOnly.id, userId: ann.id });
      await own.addParticipant({ id: both.id, userId: ann.id });
      await own.addParticipant({ id: both.id, userId: bob.id });
      expect(ids((await own.listConversations({ participantIds: [ann.id] })).conversations).sort()).toEqual([annOnly.id, both.id].sort());
      expect(ids((await own.listConversations({ participantIds: [ann.id, bob.id] })).conversations)).toEqual([both.id]);
      expect(ids((await own.listConversations({ participantIds: [bob.id] })).conversations)).toEqual([both.id]);
    });

    it('filters by message count', async () => {
      const { botId: own, runtime: ownRuntime } = await newBot();
      const counts = [0, 1, 3];
      const made: string[] = [];
      for (const count of counts) {
        const { conversation } = await ownRuntime.createConversation({ channel: 'dm', tags: {} });
        for (let i = 0; i < count; i++) {
          await ownRuntime.createMessage({ conversationId: conversation.id, userId: own, type: 'text', payload: { text: `m${i}` }, tags: {} });
        }
        made.push(conversation.id);
      }
      expect(ids((await ownRuntime.listConversations({ minMessageCount: 1 })).conversations).sort()).toEqual([made[1], made[2]].sort());
      expect(ids((await ownRuntime.listConversations({ maxMessageCount: 1 })).conversations).sort()).toEqual([made[0], made[1]].sort());
      expect(ids((await ownRuntime.listConversations({ minMessageCount: 2, maxMessageCount: 3 })).conversations)).toEqual([made[2]]);
    });

    it('filters by creation date', async () => {
      const { runtime: own } = await newBot();
      await own.createConversation({ channel: 'dm', tags: {} });
      await sleep(10);
      const start = new Date().toISOString();
      await sleep(10);
      const { conversation: inside } = await own.createConversation({ channel: 'dm', tags: {} });
      await sleep(10);
      const end = new Date().toISOString();
      await sleep(10);
      await own.createConversation({ channel: 'dm', tags: {} });
      expect(ids((await own.listConversations({ afterDate: start, beforeDate: end })).conversations)).toEqual([inside.id]);
    });

    it.each([
      ['a pageSize of 0', 'pageSize=0'],
      ['an unknown sortField', 'sortField=channel'],
      ['an unknown sortDirection', 'sortDirection=sideways'],
      ['a negative minMessageCount', 'minMessageCount=-1'],
      ['a maxMessageCount that is not a number', 'maxMessageCount=many'],
      ['a date that is not ISO 8601', 'beforeDate=tomorrow'],
      ['a tag filter that is not a map', 'tags=vip'],
      ['an unknown query parameter', 'ownerId=someone'],
    ])('answers 400 for %s', async (_, query) => {
      const res = await raw('GET', `/v1/chat/conversations?${query}`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId } });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });
  });

  describe('getOrCreateConversation', () => {
    it('creates the conversation when none matches, then finds it', async () => {
      const { runtime } = await newBot();
      const first = await runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 't-1' }, integrationName: 'slack' });
      expect(first.meta).toEqual({ created: true });
      expect(first.conversation).toMatchObject({ channel: 'dm', integration: 'slack', tags: { thread: 't-1' }, messageCount: 0 });
      await expect(runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 't-1' }, integrationName: 'slack' })).resolves.toEqual({
        conversation: first.conversation,
        meta: { created: false },
      });
    });

    it('looks only in the same channel and integration', async () => {
      const { runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { thread: 'same' }, integrationName: 'slack' });
      const otherChannel = await runtime.getOrCreateConversation({ channel: 'group', tags: { thread: 'same' }, integrationName: 'slack' });
      const otherIntegration = await runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 'same' }, integrationName: 'teams' });
      const noIntegration = await runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 'same' } });
      for (const answer of [otherChannel, otherIntegration, noIntegration]) {
        expect(answer.meta.created).toBe(true);
        expect(answer.conversation.id).not.toBe(conversation.id);
      }
      expect(noIntegration.conversation.integration).toBe('');
    });

    it('compares only the tags named by discriminateByTags and updates the others', async () => {
      const { runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { thread: 'd-1', status: 'open', owner: 'ann' } });
      await sleep(2);
      const found = await runtime.getOrCreateConversation({
        channel: 'dm',
        tags: { thread: 'd-1', status: 'closed', owner: null },
        discriminateByTags: ['thread'],
      });
      expect(found.meta).toEqual({ created: false });
      expect(found.conversation).toEqual({ ...conversation, tags: { thread: 'd-1', status: 'closed' }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(found.conversation.updatedAt > conversation.updatedAt).toBe(true);
      const created = await runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 'd-1', status: 'open' } });
      expect(created.meta).toEqual({ created: true });
    });

    it('creates one conversation for concurrent requests of the same tags', async () => {
      const { runtime } = await newBot();
      const answers = await Promise.all(Array.from({ length: 8 }, () => runtime.getOrCreateConversation({ channel: 'dm', tags: { thread: 'race' } })));
      expect(new Set(answers.map((a) => a.conversation.id)).size).toBe(1);
      expect(answers.filter((a) => a.meta.created)).toHaveLength(1);
    });
  });

  describe('updateConversation', () => {
    it('merges the tags, null or empty removing one, and sets currentTaskId', async () => {
      const { runtime } = await newBot();
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { a: '1', b: '2', c: '3' } });
      await sleep(2);
      const { conversation: updated } = await runtime.updateConversation({ id: conversation.id, tags: { a: 'one', b: null, c: '', d: '4' } });
      expect(updated).toEqual({ ...conversation, tags: { a: 'one', d: '4' }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(updated.updatedAt > conversation.updatedAt).toBe(true);
      // A task id as the API's are: 28 to 36 characters.
      const taskId = 'task_0000000000000000000000007';
      const { conversation: tasked } = await runtime.updateConversation({ id: conversation.id, currentTaskId: taskId });
      expect(tasked).toMatchObject({ currentTaskId: taskId, tags: { a: 'one', d: '4' }, channel: 'dm' });
      await expect(runtime.getConversation({ id: conversation.id })).resolves.toEqual({ conversation: tasked });
    });

    it('answers 404 for an unknown conversation', async () => {
      const { runtime } = await newBot();
      await notFound(runtime.updateConversation({ id: 'conv_unknown', tags: { a: '1' } }));
    });
  });

  describe('deleteConversation', () => {
    let bot: ChatBot;
    let runtime: Client;

    beforeAll(async () => {
      bot = await createChatBot();
      runtime = client({ botId: bot.botId });
    });

    it('answers {} and the conversation is gone, with its messages', async () => {
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: {} });
      const { message } = await runtime.createMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'x' }, tags: {} });
      await expect(runtime.deleteConversation({ id: conversation.id })).resolves.toEqual({});
      await notFound(runtime.getConversation({ id: conversation.id }));
      await notFound(runtime.getMessage({ id: message.id }));
      await notFound(runtime.deleteConversation({ id: conversation.id }));
    });

    it('ends the live stream of every chat listener of the conversation', async () => {
      const ann = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const bob = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const { conversation } = await runtime.createConversation({ channel: 'channel', tags: {}, integrationName: 'chat' });
      await runtime.addParticipant({ id: conversation.id, userId: ann.user.id });
      await runtime.addParticipant({ id: conversation.id, userId: bob.user.id });
      const listeners = [await ann.listenConversation({ id: conversation.id }), await bob.listenConversation({ id: conversation.id })];
      const seen = listeners.map(recordSignals);
      await runtime.deleteConversation({ id: conversation.id });
      await until(() => seen.every((s) => s.some((signal) => signal.type === 'error')));
      expect(listeners.map((l) => l.status)).toEqual(['disconnected', 'disconnected']);
    });

    it('deletes a conversation a chat user created, and its owner can no longer reach it', async () => {
      const owner = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const { conversation } = await owner.createConversation({});
      const listener = await owner.listenConversation({ id: conversation.id });
      const seen = recordSignals(listener);
      await runtime.deleteConversation({ id: conversation.id });
      await until(() => seen.some((s) => s.type === 'error'));
      await expect(owner.getConversation({ id: conversation.id })).rejects.toMatchObject({ code: 404 });
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    let botId: string;
    let conversationId: string;

    beforeAll(async () => {
      const bot = await newBot();
      botId = bot.botId;
      conversationId = (await bot.runtime.createConversation({ channel: 'dm', tags: { a: '1' } })).conversation.id;
    });

    const send = (method: string, path: string, body: unknown) =>
      raw(method, path, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it.each([
      ['POST', '/v1/chat/conversations', { channel: 'dm', tags: {}, id: 'mine' }, 'property id should not exist'],
      ['POST', '/v1/chat/conversations/get-or-create', { channel: 'dm', tags: {}, owner: 'x' }, 'property owner should not exist'],
      ['PUT', '/v1/chat/conversations/:id', { channel: 'other' }, 'property channel should not exist'],
    ])('refuses an unknown body property (%s %s)', async (method, path, body, message) => {
      const res = await send(method, path.replace(':id', conversationId), body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toBe(message);
    });

    it.each([
      ['POST', '/v1/chat/conversations', { tags: {} }, /channel must be a string/],
      ['POST', '/v1/chat/conversations', { channel: 7, tags: {} }, /channel must be a string/],
      ['POST', '/v1/chat/conversations', { channel: 'dm' }, /tags/],
      ['POST', '/v1/chat/conversations', { channel: 'dm', tags: { a: 1 } }, /tags/],
      ['POST', '/v1/chat/conversations', { channel: 'dm', tags: {}, integrationName: false }, /integrationName must be a string/],
      ['POST', '/v1/chat/conversations/get-or-create', { channel: 'dm', tags: [] }, /tags/],
      ['POST', '/v1/chat/conversations/get-or-create', { channel: 'dm', tags: {}, discriminateByTags: {} }, /discriminateByTags/],
      ['PUT', '/v1/chat/conversations/:id', { tags: { a: 2 } }, /tags/],
      ['PUT', '/v1/chat/conversations/:id', { currentTaskId: 3 }, /currentTaskId must be a string/],
    ])('refuses wrong types (%s %s %j)', async (method, path, body, message) => {
      const res = await send(method, path.replace(':id', conversationId), body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });

    it('raises the typed InvalidPayloadError in the official client, and changes nothing', async () => {
      await invalidPayload(client({ botId }).updateConversation({ id: conversationId, tags: { a: 5 as never } }));
      expect((await client({ botId }).getConversation({ id: conversationId })).conversation.tags).toEqual({ a: '1' });
    });
  });

  describe('authorization', () => {
    it('answers 403 to the token of another account on every operation', async () => {
      const [{ botId, runtime }, other] = await Promise.all([newBot(), secondAccount()]);
      const { conversation } = await runtime.createConversation({ channel: 'dm', tags: { a: '1' } });
      const intruder = client({ token: other.token, botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.createConversation({ channel: 'dm', tags: {} }));
      await forbidden(intruder.getConversation({ id: conversation.id }));
      await forbidden(intruder.listConversations({}));
      await forbidden(intruder.getOrCreateConversation({ channel: 'dm', tags: { a: '1' } }));
      await forbidden(intruder.updateConversation({ id: conversation.id, tags: { a: '2' } }));
      await forbidden(intruder.deleteConversation({ id: conversation.id }));
      await expect(runtime.getConversation({ id: conversation.id })).resolves.toEqual({ conversation });
      expect((await runtime.listConversations({})).conversations).toHaveLength(1);
    });
  });
});
