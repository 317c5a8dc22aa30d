import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { ChatBot, createChatBot, raw } from '@platform/testing';

describe('chat users, conversations, messages and events', () => {
  let apiUrl: string;
  let bot: ChatBot;
  let alice: AuthenticatedClient;
  let bob: AuthenticatedClient;

  beforeAll(async () => {
    bot = await createChatBot();
    apiUrl = bot.chatApiUrl;
    alice = await ChatClient.connect({ apiUrl });
    bob = await ChatClient.connect({ apiUrl });
  });

  describe('users', () => {
    it('updates only the fields given', async () => {
      const carol = await ChatClient.connect({ apiUrl });
      const { user } = await carol.updateUser({ name: 'Carol', profile: 'likes tea' });
      expect(user).toMatchObject({ id: carol.user.id, name: 'Carol', profile: 'likes tea' });
      expect(Date.parse(user.updatedAt)).toBeGreaterThanOrEqual(Date.parse(user.createdAt));
      const { user: again } = await carol.updateUser({ pictureUrl: 'https://x/p.png' });
      expect(again).toMatchObject({ name: 'Carol', profile: 'likes tea', pictureUrl: 'https://x/p.png' });
      expect((await carol.getUser({})).user).toEqual(again);
    });

    it('refuses invalid updates and keeps the user as it was', async () => {
      const dave = await ChatClient.connect({ apiUrl });
      await dave.updateUser({ name: 'Dave' });
      const path = `${new URL(apiUrl).pathname}/users/me`;
      const headers = { 'x-user-key': dave.user.key, 'content-type': 'application/json' };
      expect((await raw('PUT', path, { headers, body: JSON.stringify({ name: 42 }) })).status).toBe(400);
      expect((await raw('PUT', path, { headers, body: JSON.stringify({ name: 'x', admin: true }) })).status).toBe(400);
      expect((await raw('PUT', path, { headers, body: JSON.stringify({ name: 'x'.repeat(201) }) })).status).toBe(400);
      expect((await dave.getUser({})).user.name).toBe('Dave');
    });

    it('deletes the user: its key then finds nobody', async () => {
      const erin = await ChatClient.connect({ apiUrl });
      await erin.deleteUser({});
      await expect(erin.getUser({})).rejects.toMatchObject({ code: 404 });
    });
  });

  describe('conversations', () => {
    it('gets, gets-or-creates, lists and deletes', async () => {
      const { conversation } = await alice.createConversation({});
      expect((await alice.getConversation({ id: conversation.id })).conversation).toEqual(conversation);
      expect((await alice.getOrCreateConversation({ id: conversation.id })).conversation).toEqual(conversation);
      const chosen = `room-${Date.now()}`;
      const { conversation: created } = await alice.getOrCreateConversation({ id: chosen });
      expect(created.id).toBe(chosen);
      const listed = await alice.list.conversations({}).collect();
      expect(listed.map((c) => c.id)).toEqual(expect.arrayContaining([conversation.id, chosen]));
      await alice.deleteConversation({ id: chosen });
      await expect(alice.getConversation({ id: chosen })).rejects.toMatchObject({ code: 404 });
    });

    it('lists only the conversations the user takes part in, newest first, in pages', async () => {
      const frank = await ChatClient.connect({ apiUrl });
      const ids: string[] = [];
      for (let i = 0; i < 23; i++) ids.push((await frank.createConversation({})).conversation.id);
      await alice.createConversation({});
      const first = await frank.listConversations({});
      expect(first.conversations).toHaveLength(20);
      const second = await frank.listConversations({ nextToken: first.meta.nextToken });
      expect(second.meta.nextToken).toBeUndefined();
      expect([...first.conversations, ...second.conversations].map((c) => c.id)).toEqual(ids.reverse());
    });

    it("refuses getOrCreate of another user's conversation, and deletion by a non-owner", async () => {
      const { conversation } = await alice.createConversation({});
      await expect(bob.getOrCreateConversation({ id: conversation.id })).rejects.toMatchObject({ code: 403 });
      await alice.addParticipant({ conversationId: conversation.id, userId: bob.user.id });
      await expect(bob.deleteConversation({ id: conversation.id })).rejects.toMatchObject({ code: 403 });
      await expect(alice.getConversation({ id: conversation.id })).resolves.toBeDefined();
    });

    it('validates the id of getOrCreate', async () => {
      const res = await raw('POST', `${new URL(apiUrl).pathname}/conversations/get-or-create`, {
        headers: { 'x-user-key': alice.user.key, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'not valid!' }),
      });
      expect(res.status).toBe(400);
    });

    it('rejects an invalid nextToken with 400', async () => {
      await expect(alice.listConversations({ nextToken: 'garbage' })).rejects.toMatchObject({ code: 400, type: 'InvalidPayload' });
    });
  });

  describe('messages', () => {
    it('lists messages in creation order, in pages', async () => {
      const { conversation } = await alice.createConversation({});
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        ids.push((await alice.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: `${i}` } })).message.id);
      }
      const first = await alice.listMessages({ conversationId: conversation.id });
      expect(first.messages).toHaveLength(20);
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const all = await alice.list.messages({ conversationId: conversation.id }).collect();
      expect(all.map((m) => m.id)).toEqual(ids);
    });

    it('deletes a message of its author only', async () => {
      const { conversation } = await alice.createConversation({});
      await alice.addParticipant({ conversationId: conversation.id, userId: bob.user.id });
      const { message } = await alice.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'mine' } });
      await expect(bob.deleteMessage({ id: message.id })).rejects.toMatchObject({ code: 403 });
      await alice.deleteMessage({ id: message.id });
      await expect(alice.getMessage({ id: message.id })).rejects.toMatchObject({ code: 404 });
      await expect(alice.deleteMessage({ id: message.id })).rejects.toMatchObject({ code: 404 });
    });

    it('keeps messages of a conversation for its participants (403)', async () => {
      const { conversation } = await alice.createConversation({});
      await expect(bob.listMessages({ conversationId: conversation.id })).rejects.toMatchObject({ code: 403 });
      // The page is read with the reader's part in the conversation: messages there change nothing.
      await alice.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'for alice' } });
      await expect(bob.listMessages({ conversationId: conversation.id })).rejects.toMatchObject({ code: 403 });
      await expect(bob.listMessages({ conversationId: 'conv_not_there' })).rejects.toMatchObject({ code: 404 });
      await expect(bob.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'x' } })).rejects.toMatchObject({ code: 403 });
    });
  });

  describe('custom events', () => {
    it('creates and gets a custom event', async () => {
      const { conversation } = await alice.createConversation({});
      const { event } = await alice.createEvent({ conversationId: conversation.id, payload: { kind: 'typing', nested: { a: [1, 2] } } });
      expect(event).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        payload: { kind: 'typing', nested: { a: [1, 2] } },
        conversationId: conversation.id,
        userId: alice.user.id,
      });
      expect((await alice.getEvent({ id: event.id })).event).toEqual(event);
      // The bot reads it as the cloud's chat integration records it.
      expect((await bot.runtime.getEvent({ id: event.id })).event).toMatchObject({
        type: 'chat:custom',
        conversationId: conversation.id,
        userId: alice.user.id,
        payload: { userId: alice.user.id, conversationId: conversation.id, payload: { kind: 'typing', nested: { a: [1, 2] } } },
      });
    });

    it('keeps events for participants and validates them', async () => {
      const { conversation } = await alice.createConversation({});
      const { event } = await alice.createEvent({ conversationId: conversation.id, payload: {} });
      await expect(bob.getEvent({ id: event.id })).rejects.toMatchObject({ code: 403 });
      await expect(bob.createEvent({ conversationId: conversation.id, payload: {} })).rejects.toMatchObject({ code: 403 });
      await expect(alice.getEvent({ id: 'evt_nope' })).rejects.toMatchObject({ code: 404 });
      const res = await raw('POST', `${new URL(apiUrl).pathname}/events`, {
        headers: { 'x-user-key': alice.user.key, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: conversation.id, payload: [1, 2] }),
      });
      expect(res.status).toBe(400);
    });
  });
});
