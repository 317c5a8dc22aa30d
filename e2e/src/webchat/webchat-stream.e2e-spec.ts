import { Client as ChatClient } from '@botpress/chat';
import { e2e, EchoBotProcess, raw, startEchoBotProcess, until } from '@platform/testing';
import { openStream, RawStream } from '../support/event-stream';
import { createWebchatBot, ofType, openWebchat, WebchatSession } from '../support/webchat';

/** Generous bound for "within a second" on a loaded machine: the promise is one second, the check allows for the test's own delays. */
const ACCESS_LOSS_MS = 1000;

describe('the web chat stream (initialize)', () => {
  describe('init', () => {
    let bot: Awaited<ReturnType<typeof createWebchatBot>>;

    beforeAll(async () => {
      bot = await createWebchatBot();
    });

    it('opens for a new visitor with a user, its key, a new conversation, and nothing else yet', async () => {
      const session = await openWebchat(bot.clientId);
      try {
        const { conversation, messages, participants, user } = session.init;
        expect(messages).toEqual([]);
        expect(user).toEqual({ id: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String), userKey: expect.any(String) });
        expect(participants).toEqual([{ id: user.id, createdAt: user.createdAt, updatedAt: user.updatedAt }]);
        expect((await session.client.getConversation({ conversationId: conversation.id })).conversation).toEqual(conversation);
      } finally {
        session.disconnect();
      }
    });

    it('resumes the visitor’s conversation with its messages newest first, as the widget does after a reload', async () => {
      const first = await openWebchat(bot.clientId);
      for (const text of ['one', 'two', 'three']) await first.client.createMessage({ conversationId: first.conversationId, payload: { type: 'text', text } });
      first.disconnect();
      const again = await openWebchat(bot.clientId, { conversationId: first.conversationId, userToken: first.userKey });
      try {
        expect(again.init.conversation.id).toBe(first.conversationId);
        expect(again.init.user.id).toBe(first.init.user.id);
        expect(again.init.messages.map((m: any) => m.payload.text)).toEqual(['three', 'two', 'one']);
      } finally {
        again.disconnect();
      }
    });

    it('starts a new conversation when the one named no longer exists', async () => {
      const first = await openWebchat(bot.clientId);
      await first.client.deleteConversation({ conversationId: first.conversationId });
      first.disconnect();
      const again = await openWebchat(bot.clientId, { conversationId: first.conversationId, userToken: first.userKey });
      try {
        expect(again.init.conversation.id).not.toBe(first.conversationId);
        expect(again.init.user.id).toBe(first.init.user.id);
      } finally {
        again.disconnect();
      }
    });

    it('refuses a bad key (401), an unknown client id (404), and a conversation of someone else (403)', async () => {
      const path = `/webchat/${bot.clientId}/initialize`;
      expect((await raw('GET', path, { headers: { 'x-user-key': 'a.b.c' } })).json).toMatchObject({ code: 401, type: 'Unauthorized' });
      expect((await raw('GET', '/webchat/unknown-client/initialize')).json).toMatchObject({ code: 404, type: 'ResourceNotFound' });
      const owner = await openWebchat(bot.clientId);
      owner.disconnect();
      const stranger = await openWebchat(bot.clientId);
      stranger.disconnect();
      const res = await raw('GET', `${path}?conversationId=${owner.conversationId}`, { headers: { 'x-user-key': stranger.userKey } });
      expect(res.json).toMatchObject({ code: 403, type: 'Forbidden' });
    });
  });

  describe('live signals with a bot', () => {
    let echo: EchoBotProcess;
    let bot: Awaited<ReturnType<typeof createWebchatBot>>;
    let session: WebchatSession;

    beforeAll(async () => {
      echo = await startEchoBotProcess({ API_URL: e2e.url, BOT_TOKEN: e2e.token });
      bot = await createWebchatBot();
      await bot.admin.updateBot({ id: bot.botId, url: echo.url });
      session = await openWebchat(bot.clientId);
    });

    afterAll(async () => {
      session?.disconnect();
      await echo.stop();
    });

    it('shows the bot typing while it handles a message, then its reply', async () => {
      const before = session.signals.length;
      const { message } = await session.client.createMessage({
        conversationId: session.conversationId,
        payload: { type: 'text', text: 'hello' },
        metadata: { clientMessageId: 'm-1' },
      });
      await until(() => ofType(session.signals.slice(before), 'typing_stopped').length > 0, 10000);
      const seen = session.signals.slice(before);
      expect(seen.map((s) => s.type)).toEqual([
        'message_created',
        'typing_started',
        'message_status_changed',
        'message_created',
        'message_status_changed',
        'typing_stopped',
      ]);
      expect(seen[0].data).toEqual(message);
      expect(seen[2].data).toEqual({ message, newStatus: 'processing' });
      expect(seen[3].data).toMatchObject({ payload: { type: 'text', text: 'hello' }, userId: bot.botId, conversationId: session.conversationId });
      expect(seen[4].data).toEqual({ message, newStatus: 'processed' });
    });

    it('carries a bloc from an @botpress/sdk-style bot with its items as { type, payload }, as the widget renders them', async () => {
      const before = session.signals.length;
      await session.client.createMessage({ conversationId: session.conversationId, payload: { type: 'text', text: 'bloc' } });
      await until(() => ofType(session.signals.slice(before), 'message_created').length >= 2, 10000);
      const reply = ofType(session.signals.slice(before), 'message_created')[1].data;
      expect(reply.payload).toEqual({
        type: 'bloc',
        items: [
          { type: 'text', payload: { text: 'Here is a bloc' } },
          { type: 'image', payload: { imageUrl: 'https://example.com/echo.png' } },
          { type: 'markdown', payload: { markdown: '**three** items' } },
        ],
      });
    });

    it('gives the bot’s custom events, edits, and participants with their user objects', async () => {
      const before = session.signals.length;
      await session.client.createEvent({ conversationId: session.conversationId, payload: { type: 'custom', data: { ping: 'pong' } } });
      await until(() => ofType(session.signals.slice(before), 'custom').length > 0, 10000);
      expect(ofType(session.signals.slice(before), 'custom')[0].data).toEqual({ event: { ping: 'pong' } });

      const { message } = await session.client.createMessage({
        conversationId: session.conversationId,
        payload: { type: 'image', imageUrl: 'https://example.com/a.png' },
      });
      await session.client.updateMessage({ messageId: message.id, metadata: { edited: true } });
      await until(() => ofType(session.signals.slice(before), 'message_updated').length > 0, 10000);
      expect(ofType(session.signals.slice(before), 'message_updated')[0].data).toMatchObject({ id: message.id, metadata: { edited: true } });

      const guest = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
      await session.client.addParticipant({ conversationId: session.conversationId, userId: guest.user.id });
      await session.client.removeParticipant({ conversationId: session.conversationId, userId: guest.user.id });
      await until(() => ofType(session.signals.slice(before), 'participant_removed').length > 0);
      const [added] = ofType(session.signals.slice(before), 'participant_added');
      expect(added.data).toEqual({
        conversationId: session.conversationId,
        participant: { id: guest.user.id, createdAt: guest.user.createdAt, updatedAt: guest.user.updatedAt },
      });
      expect(ofType(session.signals.slice(before), 'participant_removed')[0].data).toEqual({
        conversationId: session.conversationId,
        participantId: guest.user.id,
      });
    });
  });

  describe('ends within a second when access goes', () => {
    /** A visitor's raw stream, open and past its `init`. */
    async function visitorStream(clientId: string) {
      const session = await openWebchat(clientId);
      session.disconnect();
      const stream = await openStream(`${e2e.url}/webchat/${clientId}/initialize?conversationId=${session.conversationId}`, { 'x-user-key': session.userKey });
      await until(() => stream.events.some((e) => e.type === 'init'));
      return { session, stream };
    }

    async function expectEndsAfter(stream: RawStream, loseAccess: () => Promise<unknown>) {
      await loseAccess();
      const lost = Date.now();
      const ended = await Promise.race([stream.ended, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5000))]);
      stream.close();
      expect(ended - lost).toBeLessThan(ACCESS_LOSS_MS);
    }

    it('when the chat integration’s key is rotated', async () => {
      const bot = await createWebchatBot({ encryptionKey: 'first-key-of-the-integration-0123' });
      const { stream } = await visitorStream(bot.clientId);
      await expectEndsAfter(stream, () =>
        bot.admin.updateBot({
          id: bot.botId,
          integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: { encryptionKey: 'second-key-of-the-integration-0123' } } },
        }),
      );
    });

    it('when the webhook is disabled', async () => {
      const bot = await createWebchatBot();
      const { stream } = await visitorStream(bot.clientId);
      await expectEndsAfter(stream, () => bot.admin.updateBot({ id: bot.botId, integrations: { webchat: { integrationId: 'chat', enabled: false } } }));
    });

    it('when the user is deleted', async () => {
      const bot = await createWebchatBot();
      const { session, stream } = await visitorStream(bot.clientId);
      await expectEndsAfter(stream, () => session.client.deleteUser({ userId: session.init.user.id }));
    });

    it('when the user leaves the conversation', async () => {
      const bot = await createWebchatBot();
      const owner = await openWebchat(bot.clientId);
      owner.disconnect();
      const guest = await openWebchat(bot.clientId);
      guest.disconnect();
      await owner.client.addParticipant({ conversationId: owner.conversationId, userId: guest.init.user.id });
      const stream = await openStream(`${e2e.url}/webchat/${bot.clientId}/conversations/${owner.conversationId}/listen`, { 'x-user-key': guest.userKey });
      expect(stream.status).toBe(200);
      await expectEndsAfter(stream, () => guest.client.removeParticipant({ conversationId: owner.conversationId, userId: guest.init.user.id }));
    });

    it('for the chat API’s listeners too, when the key is rotated', async () => {
      const bot = await createWebchatBot({ encryptionKey: 'first-key-of-the-integration-4567' });
      const user = await ChatClient.connect({ apiUrl: bot.chatApiUrl, encryptionKey: 'first-key-of-the-integration-4567', userId: 'chat-listener' });
      const { conversation } = await user.createConversation({});
      const stream = await openStream(`${bot.chatApiUrl}/conversations/${conversation.id}/listen`, { 'x-user-key': user.user.key });
      expect(stream.status).toBe(200);
      await expectEndsAfter(stream, () =>
        bot.admin.updateBot({
          id: bot.botId,
          integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: { encryptionKey: 'second-key-of-the-integration-4567' } } },
        }),
      );
    });
  });
});
