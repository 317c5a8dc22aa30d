import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { ChatBot, client, createChatBot, e2e, expectClientError, expectErrorBody, raw, recordSignals, secondAccount, sleep, until } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

describe('runtime participants (/v1/chat/conversations/{id}/participants)', () => {
  let bot: ChatBot;
  let runtime: Client;

  beforeAll(async () => {
    bot = await createChatBot();
    runtime = client({ botId: bot.botId });
  });

  const newConversation = async () => (await runtime.createConversation({ channel: 'dm', tags: {} })).conversation;

  describe('addParticipant, getParticipant, listParticipants, removeParticipant', () => {
    it('adds a user and answers { participant } as the user it is', async () => {
      const conversation = await newConversation();
      const { user } = await runtime.createUser({ tags: { role: 'agent' }, name: 'Agent' });
      await expect(runtime.addParticipant({ id: conversation.id, userId: user.id })).resolves.toEqual({ participant: user });
      await expect(runtime.getParticipant({ id: conversation.id, userId: user.id })).resolves.toEqual({ participant: user });
      await expect(runtime.listParticipants({ id: conversation.id })).resolves.toEqual({ participants: [user], meta: {} });
    });

    it('lists only the users added: the bot writing in the conversation does not become a participant', async () => {
      const conversation = await newConversation();
      const { user } = await runtime.createUser({ tags: {} });
      await runtime.addParticipant({ id: conversation.id, userId: user.id });
      await runtime.createMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'from the bot' }, tags: {} });
      await runtime.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'from the user' }, tags: {} });
      await expect(runtime.listParticipants({ id: conversation.id })).resolves.toEqual({ participants: [user], meta: {} });
      await notFound(runtime.getParticipant({ id: conversation.id, userId: bot.botId }));
    });

    it('adds a user only once', async () => {
      const conversation = await newConversation();
      const { user } = await runtime.createUser({ tags: {} });
      await runtime.addParticipant({ id: conversation.id, userId: user.id });
      await expect(runtime.addParticipant({ id: conversation.id, userId: user.id })).resolves.toEqual({ participant: user });
      expect((await runtime.listParticipants({ id: conversation.id })).participants).toEqual([user]);
    });

    it('removes a participant: {} and then 404', async () => {
      const conversation = await newConversation();
      const { user: staying } = await runtime.createUser({ tags: {} });
      const { user: leaving } = await runtime.createUser({ tags: {} });
      await runtime.addParticipant({ id: conversation.id, userId: staying.id });
      await runtime.addParticipant({ id: conversation.id, userId: leaving.id });
      await expect(runtime.removeParticipant({ id: conversation.id, userId: leaving.id })).resolves.toEqual({});
      const error = await notFound(runtime.getParticipant({ id: conversation.id, userId: leaving.id }));
      expect(error.message).toMatch(leaving.id);
      expect((await runtime.listParticipants({ id: conversation.id })).participants).toEqual([staying]);
      await notFound(runtime.removeParticipant({ id: conversation.id, userId: leaving.id }));
      // The user itself remains.
      await expect(runtime.getUser({ id: leaving.id })).resolves.toEqual({ user: leaving });
    });

    it('lists participants in the order they joined, page by page', async () => {
      const conversation = await newConversation();
      const joined: string[] = [];
      for (let i = 0; i < 7; i++) {
        const { user } = await runtime.createUser({ tags: { i: String(i) } });
        await runtime.addParticipant({ id: conversation.id, userId: user.id });
        joined.push(user.id);
      }
      const first = await runtime.listParticipants({ id: conversation.id, pageSize: 3 });
      expect(first.participants.map((p) => p.id)).toEqual(joined.slice(0, 3));
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const all = await runtime.list.participants({ id: conversation.id, pageSize: 3 }).collect();
      expect(all.map((p) => p.id)).toEqual(joined);
    });

    it('shows the chat user who created a conversation as its participant', async () => {
      const chat = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const { conversation } = await chat.createConversation({});
      const { participants } = await runtime.listParticipants({ id: conversation.id });
      expect(participants).toEqual([{ id: chat.user.id, createdAt: chat.user.createdAt, updatedAt: chat.user.updatedAt, tags: {} }]);
    });

    it('lets a chat user the bot added read and write in the conversation', async () => {
      const chat = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const conversation = await newConversation();
      await expect(chat.getConversation({ id: conversation.id })).rejects.toMatchObject({ code: 403 });
      await runtime.addParticipant({ id: conversation.id, userId: chat.user.id });
      await expect(chat.getConversation({ id: conversation.id })).resolves.toMatchObject({ conversation: { id: conversation.id } });
      await chat.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'hello' } });
      await runtime.removeParticipant({ id: conversation.id, userId: chat.user.id });
      await expect(chat.getConversation({ id: conversation.id })).rejects.toMatchObject({ code: 403 });
    });
  });

  describe('not found (404)', () => {
    it('answers 404 for an unknown conversation on every operation', async () => {
      const { user } = await runtime.createUser({ tags: {} });
      for (const call of [
        () => runtime.listParticipants({ id: 'conv_unknown' }),
        () => runtime.addParticipant({ id: 'conv_unknown', userId: user.id }),
        () => runtime.getParticipant({ id: 'conv_unknown', userId: user.id }),
        () => runtime.removeParticipant({ id: 'conv_unknown', userId: user.id }),
      ]) {
        const error = await notFound(call());
        expect(error.message).toMatch(/conv_unknown/);
      }
    });

    it('answers 404 for an unknown user, and for a user who takes no part', async () => {
      const conversation = await newConversation();
      const { user: outsider } = await runtime.createUser({ tags: {} });
      expect((await notFound(runtime.addParticipant({ id: conversation.id, userId: 'user_unknown' }))).message).toMatch(/user_unknown/);
      await notFound(runtime.getParticipant({ id: conversation.id, userId: outsider.id }));
      await notFound(runtime.removeParticipant({ id: conversation.id, userId: outsider.id }));
      expect((await runtime.listParticipants({ id: conversation.id })).participants).toEqual([]);
    });

    it('answers 404 for a conversation of another bot', async () => {
      const other = await createChatBot();
      const { conversation } = await client({ botId: other.botId }).createConversation({ channel: 'dm', tags: {} });
      const { user } = await runtime.createUser({ tags: {} });
      await notFound(runtime.addParticipant({ id: conversation.id, userId: user.id }));
      await notFound(runtime.listParticipants({ id: conversation.id }));
    });
  });

  describe('live signals', () => {
    let listener: AuthenticatedClient;

    beforeAll(async () => {
      listener = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    });

    it('tells chat listeners of participant_added and participant_removed, once per change', async () => {
      const conversation = await newConversation();
      await runtime.addParticipant({ id: conversation.id, userId: listener.user.id });
      const stream = await listener.listenConversation({ id: conversation.id });
      const seen = recordSignals(stream);
      try {
        const { user } = await runtime.createUser({ tags: {} });
        await runtime.addParticipant({ id: conversation.id, userId: user.id });
        await runtime.addParticipant({ id: conversation.id, userId: user.id });
        await runtime.removeParticipant({ id: conversation.id, userId: user.id });
        await until(() => seen.length >= 2);
        await sleep(300);
        expect(seen).toEqual([
          { type: 'participant_added', data: { conversationId: conversation.id, participantId: user.id } },
          { type: 'participant_removed', data: { conversationId: conversation.id, participantId: user.id } },
        ]);
      } finally {
        await stream.disconnect();
      }
    });

    it('ends the live stream of the user removed, and only theirs', async () => {
      const staying = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      const conversation = await newConversation();
      await runtime.addParticipant({ id: conversation.id, userId: listener.user.id });
      await runtime.addParticipant({ id: conversation.id, userId: staying.user.id });
      const removedStream = await listener.listenConversation({ id: conversation.id });
      const stayingStream = await staying.listenConversation({ id: conversation.id });
      const removedSeen = recordSignals(removedStream);
      const stayingSeen = recordSignals(stayingStream);
      try {
        await runtime.removeParticipant({ id: conversation.id, userId: listener.user.id });
        await until(() => removedSeen.some((s) => s.type === 'error'));
        expect(removedStream.status).toBe('disconnected');
        expect(removedSeen[0]).toEqual({ type: 'participant_removed', data: { conversationId: conversation.id, participantId: listener.user.id } });
        await runtime.createMessage({ conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'still here' }, tags: {} });
        await until(() => stayingSeen.some((s) => s.type === 'message_created'));
        expect(stayingStream.status).toBe('connected');
        expect(removedSeen.filter((s) => s.type === 'message_created')).toEqual([]);
      } finally {
        await removedStream.disconnect();
        await stayingStream.disconnect();
      }
    });
  });

  describe('validation (400 InvalidPayload)', () => {
    const add = (conversationId: string, body: string) =>
      raw('POST', `/v1/chat/conversations/${conversationId}/participants`, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId, 'content-type': 'application/json' },
        body,
      });

    it.each([
      ['an unknown body property', { userId: 'u', role: 'admin' }, /^property role should not exist$/],
      ['no userId', {}, /userId must be a string/],
      ['a userId that is a number', { userId: 42 }, /userId must be a string/],
    ])('refuses %s', async (_, body, message) => {
      const conversation = await newConversation();
      const res = await add(conversation.id, JSON.stringify(body));
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
      expect((await runtime.listParticipants({ id: conversation.id })).participants).toEqual([]);
    });

    it.each([['pageSize=0'], ['pageSize=abc'], ['nextToken=forged'], ['sort=asc']])('refuses the list query %s', async (query) => {
      const conversation = await newConversation();
      const res = await raw('GET', `/v1/chat/conversations/${conversation.id}/participants?${query}`, {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': bot.botId },
      });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });

    it('raises the typed InvalidPayloadError in the official client', async () => {
      const conversation = await newConversation();
      await invalidPayload(runtime.addParticipant({ id: conversation.id, userId: 7 as never }));
    });
  });

  describe('authorization', () => {
    it('answers 403 to the token of another account on every operation', async () => {
      const other = await secondAccount();
      const conversation = await newConversation();
      const { user } = await runtime.createUser({ tags: {} });
      await runtime.addParticipant({ id: conversation.id, userId: user.id });
      const intruder = client({ token: other.token, botId: bot.botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.listParticipants({ id: conversation.id }));
      await forbidden(intruder.addParticipant({ id: conversation.id, userId: user.id }));
      await forbidden(intruder.getParticipant({ id: conversation.id, userId: user.id }));
      await forbidden(intruder.removeParticipant({ id: conversation.id, userId: user.id }));
      expect((await runtime.listParticipants({ id: conversation.id })).participants).toEqual([user]);
    });
  });
});
