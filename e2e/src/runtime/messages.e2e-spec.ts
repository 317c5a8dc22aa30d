import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { AuthenticatedClient, Client as ChatClient, SignalListener } from '@botpress/chat';
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
  SeenSignal,
  secondAccount,
  sleep,
  until,
} from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

type Message = Awaited<ReturnType<Client['getMessage']>>['message'];
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe('runtime messages (/v1/chat/messages)', () => {
  let bot: ChatBot;
  let runtime: Client;

  beforeAll(async () => {
    bot = await createChatBot();
    runtime = client({ botId: bot.botId });
  });

  const newConversation = async () => (await runtime.createConversation({ channel: 'channel', tags: {}, integrationName: 'chat' })).conversation;
  const text = (conversationId: string, userId: string, words: string, tags: Record<string, string> = {}) =>
    runtime.createMessage({ conversationId, userId, type: 'text', payload: { text: words }, tags });

  describe('createMessage and getMessage', () => {
    it('writes as the bot (outgoing) or as a user (incoming), and reads it back', async () => {
      const conversation = await newConversation();
      const { user } = await runtime.createUser({ tags: {} });
      const { message: reply } = await text(conversation.id, bot.botId, 'from the bot', { kind: 'reply' });
      expect(reply).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: reply.createdAt,
        type: 'text',
        payload: { text: 'from the bot' },
        direction: 'outgoing',
        userId: bot.botId,
        conversationId: conversation.id,
        tags: { kind: 'reply' },
      });
      const { message: incoming } = await text(conversation.id, user.id, 'from a user');
      expect(incoming).toMatchObject({ direction: 'incoming', userId: user.id });
      await expect(runtime.getMessage({ id: reply.id })).resolves.toEqual({ message: reply });
      await notFound(runtime.getMessage({ id: 'msg_unknown' }));
    });

    it('answers 404 for an unknown conversation or author', async () => {
      const conversation = await newConversation();
      await notFound(text('conv_unknown', bot.botId, 'x'));
      await notFound(text(conversation.id, 'user_unknown', 'x'));
    });
  });

  describe('live signals to chat listeners', () => {
    let member: AuthenticatedClient;
    let conversationId: string;
    let stream: SignalListener;
    let seen: SeenSignal[];

    beforeEach(async () => {
      member = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      conversationId = (await newConversation()).id;
      await runtime.addParticipant({ id: conversationId, userId: member.user.id });
      stream = await member.listenConversation({ id: conversationId });
      seen = recordSignals(stream);
    });

    afterEach(async () => {
      await stream.disconnect();
    });

    it('delivers a message the bot creates as message_created with isBot: true', async () => {
      const { message } = await text(conversationId, bot.botId, 'hello from the bot');
      await until(() => seen.length >= 1);
      expect(seen).toEqual([
        {
          type: 'message_created',
          data: {
            id: message.id,
            createdAt: message.createdAt,
            conversationId,
            userId: bot.botId,
            payload: { type: 'text', text: 'hello from the bot' },
            isBot: true,
          },
        },
      ]);
    });

    it("delivers a message created with a chat user's id as message_created with isBot: false", async () => {
      const { message } = await text(conversationId, member.user.id, 'written for the user');
      await until(() => seen.length >= 1);
      expect(seen).toEqual([
        {
          type: 'message_created',
          data: {
            id: message.id,
            createdAt: message.createdAt,
            conversationId,
            userId: member.user.id,
            payload: { type: 'text', text: 'written for the user' },
            isBot: false,
          },
        },
      ]);
      // The chat user reads it as their own message.
      await expect(member.getMessage({ id: message.id })).resolves.toMatchObject({ message: { id: message.id, userId: member.user.id } });
    });

    it('delivers a message getOrCreateMessage creates, and nothing when it finds one', async () => {
      const first = await runtime.getOrCreateMessage({
        conversationId,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'once' },
        tags: { externalId: 'e-1' },
      });
      const again = await runtime.getOrCreateMessage({
        conversationId,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'once' },
        tags: { externalId: 'e-1' },
      });
      expect(again.message.id).toBe(first.message.id);
      await until(() => seen.length >= 1);
      await sleep(300);
      expect(seen.map((s) => [s.type, s.data.id, s.data.isBot])).toEqual([['message_created', first.message.id, true]]);
    });

    it('tells of a deleted message with message_deleted', async () => {
      const { message } = await text(conversationId, member.user.id, 'to delete');
      await runtime.deleteMessage({ id: message.id });
      await until(() => seen.length >= 2);
      expect(seen[1]).toEqual({ type: 'message_deleted', data: { id: message.id, conversationId, userId: member.user.id } });
    });
  });

  describe('getOrCreateMessage', () => {
    it('creates the message when none matches (created: true), then finds it', async () => {
      const conversation = await newConversation();
      const first = await runtime.getOrCreateMessage({
        conversationId: conversation.id,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'a' },
        tags: { externalId: 'm-1' },
      });
      expect(first).toEqual({
        message: expect.objectContaining({
          type: 'text',
          payload: { text: 'a' },
          direction: 'outgoing',
          tags: { externalId: 'm-1' },
          conversationId: conversation.id,
        }),
        meta: { created: true },
      });
      const again = await runtime.getOrCreateMessage({
        conversationId: conversation.id,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'b' },
        tags: { externalId: 'm-1' },
      });
      expect(again).toEqual({ message: first.message, meta: { created: false } });
      expect((await runtime.getConversation({ id: conversation.id })).conversation.messageCount).toBe(1);
    });

    it('compares only the tags named by discriminateByTags and updates the others', async () => {
      const conversation = await newConversation();
      const { message } = await text(conversation.id, bot.botId, 'x', { externalId: 'm-2', status: 'sent', trace: 't' });
      await sleep(2);
      const found = await runtime.getOrCreateMessage({
        conversationId: conversation.id,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'x' },
        tags: { externalId: 'm-2', status: 'read', trace: null },
        discriminateByTags: ['externalId'],
      });
      expect(found.meta).toEqual({ created: false });
      expect(found.message).toEqual({ ...message, tags: { externalId: 'm-2', status: 'read' }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(found.message.updatedAt > message.updatedAt).toBe(true);
      const created = await runtime.getOrCreateMessage({
        conversationId: conversation.id,
        userId: bot.botId,
        type: 'text',
        tags: { externalId: 'm-2', status: 'sent' },
      });
      expect(created.meta).toEqual({ created: true });
      expect(created.message.payload).toEqual({});
    });

    it('looks only in the conversation named', async () => {
      const [one, two] = [await newConversation(), await newConversation()];
      const first = await runtime.getOrCreateMessage({
        conversationId: one.id,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'x' },
        tags: { externalId: 'same' },
      });
      const second = await runtime.getOrCreateMessage({
        conversationId: two.id,
        userId: bot.botId,
        type: 'text',
        payload: { text: 'x' },
        tags: { externalId: 'same' },
      });
      expect(second.meta.created).toBe(true);
      expect(second.message.id).not.toBe(first.message.id);
    });

    it('creates one message for concurrent requests of the same tags', async () => {
      const conversation = await newConversation();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          runtime.getOrCreateMessage({
            conversationId: conversation.id,
            userId: bot.botId,
            type: 'text',
            payload: { text: 'race' },
            tags: { externalId: 'race' },
          }),
        ),
      );
      expect(new Set(answers.map((a) => a.message.id)).size).toBe(1);
      expect(answers.filter((a) => a.meta.created)).toHaveLength(1);
      expect((await runtime.getConversation({ id: conversation.id })).conversation.messageCount).toBe(1);
    });

    it('answers 404 for an unknown conversation or author', async () => {
      const conversation = await newConversation();
      await notFound(runtime.getOrCreateMessage({ conversationId: 'conv_unknown', userId: bot.botId, type: 'text', payload: {}, tags: {} }));
      await notFound(runtime.getOrCreateMessage({ conversationId: conversation.id, userId: 'user_unknown', type: 'text', payload: {}, tags: {} }));
    });
  });

  describe('updateMessage', () => {
    it('merges the tags (null or empty removes one) and replaces the payload', async () => {
      const conversation = await newConversation();
      const { message } = await text(conversation.id, bot.botId, 'draft', { a: '1', b: '2', c: '3' });
      await sleep(2);
      const { message: retagged } = await runtime.updateMessage({ id: message.id, tags: { a: 'one', b: null, c: '', d: '4' } });
      expect(retagged).toEqual({ ...message, tags: { a: 'one', d: '4' }, updatedAt: expect.stringMatching(ISO_MS) });
      expect(retagged.updatedAt > message.updatedAt).toBe(true);
      const { message: edited } = await runtime.updateMessage({ id: message.id, payload: { text: 'final' } });
      expect(edited).toMatchObject({ payload: { text: 'final' }, type: 'text', tags: { a: 'one', d: '4' } });
      await expect(runtime.getMessage({ id: message.id })).resolves.toEqual({ message: edited });
    });

    it('answers 404 for an unknown message', async () => {
      await notFound(runtime.updateMessage({ id: 'msg_unknown', tags: { a: '1' } }));
    });
  });

  describe('listMessages', () => {
    let conversationId: string;
    let messages: Message[];

    beforeAll(async () => {
      conversationId = (await newConversation()).id;
      messages = [];
      for (let i = 0; i < 23; i++) {
        messages.push((await text(conversationId, bot.botId, `m${i}`, { parity: i % 2 === 0 ? 'even' : 'odd', index: String(i) })).message);
      }
    });

    it('answers { messages, meta } of a conversation in creation order, 20 to a page by default', async () => {
      const first = await runtime.listMessages({ conversationId });
      expect(first.messages).toEqual(messages.slice(0, 20));
      expect(first.meta.nextToken).toEqual(expect.any(String));
      await expect(runtime.listMessages({ conversationId, nextToken: first.meta.nextToken })).resolves.toEqual({ messages: messages.slice(20), meta: {} });
    });

    it('pages with pageSize', async () => {
      const first = await runtime.listMessages({ conversationId, pageSize: 4 });
      expect(ids(first.messages)).toEqual(ids(messages.slice(0, 4)));
      expect(ids(await runtime.list.messages({ conversationId, pageSize: 4 }).collect())).toEqual(ids(messages));
    });

    it('filters by tags', async () => {
      const odd = await runtime.list.messages({ conversationId, tags: { parity: 'odd' } }).collect();
      expect(ids(odd)).toEqual(ids(messages.filter((_, i) => i % 2 === 1)));
      expect(ids((await runtime.listMessages({ tags: { index: '5', parity: 'odd' }, conversationId })).messages)).toEqual([messages[5].id]);
    });

    it('lists the messages of every conversation of the bot without conversationId', async () => {
      const own = await createChatBot();
      const ownRuntime = client({ botId: own.botId });
      const made: string[] = [];
      for (const channel of ['a', 'b']) {
        const { conversation } = await ownRuntime.createConversation({ channel, tags: {} });
        made.push(
          (await ownRuntime.createMessage({ conversationId: conversation.id, userId: own.botId, type: 'text', payload: { text: channel }, tags: {} })).message
            .id,
        );
      }
      expect(ids((await ownRuntime.listMessages({})).messages)).toEqual(made);
    });

    it('filters by creation date', async () => {
      const own = await newConversation();
      await text(own.id, bot.botId, 'before');
      await sleep(10);
      const start = new Date().toISOString();
      await sleep(10);
      const { message: inside } = await text(own.id, bot.botId, 'inside');
      await sleep(10);
      const end = new Date().toISOString();
      await sleep(10);
      await text(own.id, bot.botId, 'after');
      expect(ids((await runtime.listMessages({ conversationId: own.id, afterDate: start, beforeDate: end })).messages)).toEqual([inside.id]);
    });

    it('answers an empty list for an unknown conversation', async () => {
      await expect(runtime.listMessages({ conversationId: 'conv_unknown' })).resolves.toEqual({ messages: [], meta: {} });
    });

    it.each([['pageSize=0'], ['pageSize=x'], ['afterDate=soon'], ['tags=vip'], ['nextToken=forged'], ['userId=someone']])(
      'answers 400 for the query %s',
      async (query) => {
        const res = await raw('GET', `/v1/chat/messages?${query}`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId } });
        expect(res.status).toBe(400);
        expectErrorBody(res.json, 400, 'InvalidPayload');
      },
    );
  });

  describe('deleteMessage', () => {
    it('answers {}, the message is gone and no longer counted', async () => {
      const conversation = await newConversation();
      const { message } = await text(conversation.id, bot.botId, 'short-lived');
      await text(conversation.id, bot.botId, 'kept');
      await expect(runtime.deleteMessage({ id: message.id })).resolves.toEqual({});
      await notFound(runtime.getMessage({ id: message.id }));
      expect((await runtime.getConversation({ id: conversation.id })).conversation.messageCount).toBe(1);
      expect(ids((await runtime.listMessages({ conversationId: conversation.id })).messages)).not.toContain(message.id);
      await notFound(runtime.deleteMessage({ id: message.id }));
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    let conversationId: string;
    let messageId: string;

    beforeAll(async () => {
      conversationId = (await newConversation()).id;
      messageId = (await text(conversationId, bot.botId, 'original', { a: '1' })).message.id;
    });

    const send = (method: string, path: string, body: unknown) =>
      raw(method, path.replace(':id', messageId), {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const valid = () => ({ conversationId, userId: bot.botId, type: 'text', payload: { text: 'x' }, tags: {} });

    it.each([
      ['POST', '/v1/chat/messages/get-or-create', { metadata: {} }, 'property metadata should not exist'],
      ['PUT', '/v1/chat/messages/:id', { type: 'image' }, 'property type should not exist'],
    ])('refuses an unknown body property (%s %s)', async (method, path, body, message) => {
      const res = await send(method, path, method === 'POST' ? { ...valid(), ...body } : body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toBe(message);
    });

    it.each([
      ['a payload that is a string', { payload: 'x' }, /payload must be an object/],
      ['a type that is a number', { type: 1 }, /type must be a string/],
      ['tags with a number', { tags: { a: 1 } }, /tags/],
      ['no tags', { tags: undefined }, /tags/],
      ['discriminateByTags that is not an array', { discriminateByTags: 'a' }, /discriminateByTags/],
      ['an unknown origin', { origin: 'human' }, /origin/],
    ])('refuses getOrCreateMessage with %s', async (_, change, message) => {
      const res = await send('POST', '/v1/chat/messages/get-or-create', { ...valid(), ...change });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });

    it.each([
      ['a payload that is an array', { payload: ['x'] }, /payload must be an object/],
      ['a payload that is null', { payload: null }, /payload must be an object/],
      ['tags that are not a map', { tags: 'a' }, /tags/],
    ])('refuses updateMessage with %s, and changes nothing', async (_, body, message) => {
      const res = await send('PUT', '/v1/chat/messages/:id', body);
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
      expect((await runtime.getMessage({ id: messageId })).message).toMatchObject({ payload: { text: 'original' }, tags: { a: '1' } });
    });

    it('raises the typed InvalidPayloadError in the official client', async () => {
      await invalidPayload(runtime.updateMessage({ id: messageId, tags: { a: 2 as never } }));
    });
  });

  describe('authorization', () => {
    it('answers 403 to the token of another account on every operation', async () => {
      const other = await secondAccount();
      const conversation = await newConversation();
      const { message } = await text(conversation.id, bot.botId, 'mine', { a: '1' });
      const intruder = client({ token: other.token, botId: bot.botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.createMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'x' }, tags: {} }));
      await forbidden(intruder.getMessage({ id: message.id }));
      await forbidden(intruder.listMessages({ conversationId: conversation.id }));
      await forbidden(intruder.getOrCreateMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: {}, tags: { a: '1' } }));
      await forbidden(intruder.updateMessage({ id: message.id, tags: { a: '2' } }));
      await forbidden(intruder.deleteMessage({ id: message.id }));
      await expect(runtime.getMessage({ id: message.id })).resolves.toEqual({ message });
      expect(ids((await runtime.listMessages({ conversationId: conversation.id })).messages)).toEqual([message.id]);
    });
  });
});
