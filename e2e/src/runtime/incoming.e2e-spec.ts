import { randomBytes } from 'node:crypto';
import { Client, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { ChatBot, client, createChatBot, e2e, expectErrorBody, expectClientError, raw } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');
const unique = () => randomBytes(5).toString('hex');

/** initializeIncomingMessage and importMessages of the runtime API, as an integration calls them. */
describe('runtime: initializeIncomingMessage and importMessages', () => {
  let bot: ChatBot;
  /** The chat integration of the bot, every answer checked against the reference. */
  let integration: Client;
  let plain: Client;

  beforeAll(async () => {
    bot = await createChatBot({}, 'incoming');
    integration = client({ botId: bot.botId, integrationAlias: 'webchat' });
    plain = client({ botId: bot.botId, integrationAlias: 'webchat' });
  });

  describe('initializeIncomingMessage', () => {
    it('gets or creates the user and the conversation by tags, adds the user, and gets or creates the message', async () => {
      const ext = unique();
      const request = {
        user: { tags: { ext }, name: 'Ada', discriminateByTags: ['ext'] },
        conversation: { channel: 'channel', tags: { thread: ext }, discriminateByTags: ['thread'] },
        message: { type: 'text', payload: { text: 'hi' }, tags: { mid: ext }, discriminateByTags: ['mid'] },
      };
      const first = await integration.initializeIncomingMessage(request);
      expect(first.user).toMatchObject({ name: 'Ada', tags: { ext } });
      expect(first.conversation).toMatchObject({ channel: 'channel', tags: { thread: ext } });
      expect(first.message).toMatchObject({ direction: 'incoming', userId: first.user.id, conversationId: first.conversation.id, payload: { text: 'hi' } });
      // Again: the same user, conversation and message; nothing new.
      const again = await integration.initializeIncomingMessage(request);
      expect([again.user.id, again.conversation.id, again.message?.id]).toEqual([first.user.id, first.conversation.id, first.message?.id]);
      const { participants } = await plain.listParticipants({ id: first.conversation.id });
      expect(participants.map((p) => p.id)).toEqual([first.user.id]);
      expect((await plain.listMessages({ conversationId: first.conversation.id })).messages).toHaveLength(1);
      // The message went to the bot as an incoming message does.
      const { events } = await plain.listEvents({ type: 'message_created', messageId: first.message!.id });
      expect(events).toHaveLength(1);
    });

    it('takes a user and a conversation by id, and answers without a message when none is given', async () => {
      const { user } = await plain.createUser({ tags: {} });
      const { conversation } = await plain.createConversation({ channel: 'channel', tags: {} });
      const answer = await integration.initializeIncomingMessage({ userId: user.id, conversationId: conversation.id });
      expect(answer.message).toBeUndefined();
      expect([answer.user.id, answer.conversation.id]).toEqual([user.id, conversation.id]);
      expect((await plain.listParticipants({ id: conversation.id })).participants.map((p) => p.id)).toEqual([user.id]);
    });

    it('refuses a request naming both or neither of an id and a lookup (400), or an unknown id (404), creating nothing', async () => {
      const ext = unique();
      const { user } = await plain.createUser({ tags: {} });
      const conversation = { channel: 'channel', tags: { thread: ext }, discriminateByTags: ['thread'] };
      await invalidPayload(integration.initializeIncomingMessage({ conversation }));
      await invalidPayload(integration.initializeIncomingMessage({ userId: user.id, user: { tags: {}, discriminateByTags: [] }, conversation }));
      await invalidPayload(integration.initializeIncomingMessage({ userId: user.id }));
      await notFound(integration.initializeIncomingMessage({ userId: 'user_unknown_xxxxxxxxxxxxxxxxxxx', conversation }));
      const res = await raw('POST', '/v1/chat/initialize-incoming-message', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: user.id, conversation, message: { type: 'text', payload: {}, tags: {}, extra: 1 } }),
      });
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect((await plain.listConversations({ tags: { thread: ext } })).conversations).toEqual([]);
    });
  });

  describe('importMessages', () => {
    it('creates messages at their original time, finds those already imported, and tells the bot nothing', async () => {
      const { user } = await plain.createUser({ tags: {} });
      const { conversation } = await plain.createConversation({ channel: 'channel', tags: {} });
      const batch = [0, 1, 2].map((i) => ({
        conversationId: conversation.id,
        userId: i === 1 ? bot.botId : user.id,
        type: 'text',
        payload: { text: `old ${i}` },
        tags: { origin: `ext-${i}` },
        discriminateByTags: ['origin'],
        createdAt: new Date(Date.UTC(2024, 0, 1, 12, i)).toISOString(),
      }));
      const { messages } = await integration.importMessages({ messages: batch });
      expect(messages.map((m) => [m.payload.text, m.createdAt, m.direction])).toEqual([
        ['old 0', '2024-01-01T12:00:00.000Z', 'incoming'],
        ['old 1', '2024-01-01T12:01:00.000Z', 'outgoing'],
        ['old 2', '2024-01-01T12:02:00.000Z', 'incoming'],
      ]);
      const again = await integration.importMessages({ messages: batch });
      expect(again.messages.map((m) => m.id)).toEqual(messages.map((m) => m.id));
      // Without tags to match, always a new message.
      const untagged = { ...batch[0], tags: {}, discriminateByTags: [] };
      const [a, b] = [
        (await integration.importMessages({ messages: [untagged] })).messages[0],
        (await integration.importMessages({ messages: [untagged] })).messages[0],
      ];
      expect(a.id).not.toBe(b.id);
      expect((await plain.listMessages({ conversationId: conversation.id })).messages).toHaveLength(5);
      expect((await plain.listEvents({ type: 'message_created', conversationId: conversation.id })).events).toEqual([]);
    });

    it('refuses a bad batch with 400, and one naming an unknown conversation with 404, storing none of it', async () => {
      const { conversation } = await plain.createConversation({ channel: 'channel', tags: {} });
      const good = {
        conversationId: conversation.id,
        userId: bot.botId,
        type: 'text',
        payload: {},
        tags: {},
        discriminateByTags: [],
        createdAt: '2024-01-01T00:00:00.000Z',
      };
      for (const messages of [
        [],
        Array.from({ length: 101 }, () => good),
        [{ ...good, createdAt: 'yesterday' }],
        [{ ...good, payload: 'x' }],
        [{ ...good, extra: 1 }],
      ]) {
        const res = await raw('POST', '/v1/chat/messages/import-messages', {
          headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' },
          body: JSON.stringify({ messages }),
        });
        expect(res.status).toBe(400);
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
      await notFound(integration.importMessages({ messages: [good, { ...good, conversationId: 'conv_unknown_xxxxxxxxxxxxxxxxxx' }] }));
      expect((await plain.listMessages({ conversationId: conversation.id })).messages).toEqual([]);
    });
  });
});
