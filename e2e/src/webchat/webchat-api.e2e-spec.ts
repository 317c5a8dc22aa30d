import { createHmac } from 'node:crypto';
import { Client as ChatClient } from '@botpress/chat';
import { badBodies, expectBodiesRefused, expectErrorBody, ISO_MS, raw, sql } from '@platform/testing';
import { createWebchatBot, openWebchat, Webchat, webchatApiUrl } from '../support/webchat';

const ENCRYPTION_KEY = 'web-chat-e2e-encryption-key-0123456789';

/** A JWT (HS256) signed with the integration's key, as a site signs user data for the web chat. */
function signed(claims: Record<string, unknown>, key = ENCRYPTION_KEY): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The official client's error for a call that must fail: its code and type, from the standard error body. */
async function failure(call: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await call;
  } catch (error) {
    const { code, type, id } = error as { code: number; type: string; id: string };
    expect(id).toMatch(/^err_/);
    return { code, type };
  }
  throw new Error('The call succeeded');
}

describe('the web chat API through @botpress/webchat-client', () => {
  let bot: Awaited<ReturnType<typeof createWebchatBot>>;
  let apiUrl: string;
  let path: string;

  beforeAll(async () => {
    bot = await createWebchatBot({ encryptionKey: ENCRYPTION_KEY });
    apiUrl = webchatApiUrl();
    path = `/webchat/${bot.clientId}`;
  });

  const newUser = (body: Partial<Webchat.CreateUserBody> = {}) => Webchat.createUser({ clientId: bot.clientId, apiUrl, ...body });
  const clientOf = (userKey: string) => Webchat.createClient({ userKey, clientId: bot.clientId, apiUrl });

  describe('users', () => {
    it('creates a user with its key, data and attributes, and reads it back with /users/me', async () => {
      const { user, key } = await newUser({
        name: 'Ada',
        pictureUrl: 'https://example.com/ada.png',
        userData: { plan: 'pro', n: 2 },
        attributes: { lang: 'fr' },
      });
      expect(user).toEqual({
        id: expect.any(String),
        name: 'Ada',
        pictureUrl: 'https://example.com/ada.png',
        data: { plan: 'pro', n: 2 },
        attributes: { lang: 'fr' },
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: expect.stringMatching(ISO_MS),
      });
      expect((await clientOf(key).getUser()).user).toEqual(user);
    });

    it('takes user data signed with the encryption key, and refuses data signed with another', async () => {
      const { user } = await newUser({ userData: signed({ account: 'acme', iat: 1 }) });
      expect(user.data).toEqual({ account: 'acme' });
      expect(await failure(newUser({ userData: signed({ account: 'acme' }, 'another-key-0123456789') }))).toEqual({ code: 400, type: 'InvalidPayload' });
    });

    it('updates only what is given: null clears the data, a null attribute is removed', async () => {
      const { key } = await newUser({ name: 'Bo', userData: { a: 1 }, attributes: { x: '1', y: '2' } });
      const client = clientOf(key);
      const { user } = await client.updateUser({ attributes: { x: null, z: '3' } });
      expect(user).toMatchObject({ name: 'Bo', data: { a: 1 }, attributes: { y: '2', z: '3' } });
      const { user: cleared } = await client.updateUser({ userData: null, name: 'Bob' });
      expect(cleared.name).toBe('Bob');
      expect(cleared.data).toBeUndefined();
    });

    it('deletes the user of the key; its key then finds nothing', async () => {
      const { key } = await newUser();
      await clientOf(key).deleteUser({ userId: 'ignored' });
      expect(await failure(clientOf(key).getUser())).toEqual({ code: 404, type: 'ResourceNotFound' });
    });

    it('issues keys for the site’s own user ids with the admin secret (the encryption key), and refuses without it', async () => {
      const { key } = await Webchat.generateUserKey({
        adminSecret: ENCRYPTION_KEY,
        userId: 'site-user-7',
        expiresAt: Date.now() + 60_000,
        clientId: bot.clientId,
        apiUrl,
      });
      const session = await openWebchat(bot.clientId, { userToken: key });
      try {
        expect(session.init.user.id).toBe('site-user-7');
      } finally {
        session.disconnect();
      }
      expect(
        await failure(Webchat.generateUserKey({ adminSecret: 'wrong', userId: 'x', expiresAt: Date.now() + 1000, clientId: bot.clientId, apiUrl })),
      ).toEqual({
        code: 401,
        type: 'Unauthorized',
      });
      const expired = await Webchat.generateUserKey({
        adminSecret: ENCRYPTION_KEY,
        userId: 'site-user-8',
        expiresAt: Date.now() - 1000,
        clientId: bot.clientId,
        apiUrl,
      });
      expect(await failure(clientOf(expired.key).getUser())).toEqual({ code: 401, type: 'Unauthorized' });
    });

    it('refuses bad input with a clear 4xx and creates nothing', async () => {
      const before = await sql(`SELECT count(*)::int AS n FROM runtime.users WHERE bot_id = $1`, [bot.botId]);
      await expectBodiesRefused('POST', `${path}/users`, {}, [
        ...badBodies({ name: 'x' }, [
          ['a numeric name', { name: 5 }],
          ['user data as an array', { userData: [1] }],
          ['user data that is no token', { userData: 'not a token' }],
          ['a numeric attribute', { attributes: { a: 1 } }],
        ]),
      ]);
      const after = await sql(`SELECT count(*)::int AS n FROM runtime.users WHERE bot_id = $1`, [bot.botId]);
      expect(after).toEqual(before);
      const { key } = await newUser();
      await expectBodiesRefused('PUT', `${path}/users/me`, { 'x-user-key': key }, badBodies({ name: 'y' }, [['a numeric picture', { pictureUrl: 1 }]]));
      await expectBodiesRefused(
        'POST',
        `${path}/users/key`,
        { 'x-admin-secret': ENCRYPTION_KEY },
        badBodies({ id: 'ok' }, [['an id with spaces', { id: 'a b' }]]),
      );
      expect(await failure(clientOf('forged.key.value').getUser())).toEqual({ code: 401, type: 'Unauthorized' });
      const unknown = await raw('POST', '/webchat/unknown-client/users', { headers: { 'content-type': 'application/json' }, body: '{}' });
      expectErrorBody(unknown.json, 404, 'ResourceNotFound');
    });
  });

  describe('conversations and participants', () => {
    it('creates, gets, lists and deletes conversations; only the owner deletes', async () => {
      const owner = clientOf((await newUser()).key);
      const { conversation } = await owner.createConversation();
      expect(conversation).toEqual({ id: expect.any(String), createdAt: expect.stringMatching(ISO_MS), updatedAt: expect.stringMatching(ISO_MS) });
      expect((await owner.getConversation({ conversationId: conversation.id })).conversation).toEqual(conversation);
      expect((await owner.listConversations({})).conversations.map((c) => c.id)).toContain(conversation.id);

      const guest = await newUser({ name: 'Guest' });
      const { participant } = await owner.addParticipant({ conversationId: conversation.id, userId: guest.user.id });
      expect(participant).toEqual(guest.user);
      expect((await owner.getParticipant({ conversationId: conversation.id, userId: guest.user.id })).participant).toEqual(guest.user);
      expect((await owner.listParticipants({ conversationId: conversation.id })).participants.map((p) => p.id).sort()).toEqual(
        [guest.user.id, (await owner.getUser()).user.id].sort(),
      );
      expect(await failure(clientOf(guest.key).deleteConversation({ conversationId: conversation.id }))).toEqual({ code: 403, type: 'Forbidden' });
      const ownerId = (await owner.getUser()).user.id;
      expect(await failure(clientOf(guest.key).removeParticipant({ conversationId: conversation.id, userId: ownerId }))).toEqual({
        code: 400,
        type: 'InvalidPayload',
      });
      await owner.removeParticipant({ conversationId: conversation.id, userId: guest.user.id });
      expect(await failure(owner.getParticipant({ conversationId: conversation.id, userId: guest.user.id }))).toEqual({ code: 404, type: 'ResourceNotFound' });

      await owner.deleteConversation({ conversationId: conversation.id });
      expect(await failure(owner.getConversation({ conversationId: conversation.id }))).toEqual({ code: 404, type: 'ResourceNotFound' });
    });

    it('refuses outsiders (403), unknown ids (404) and bad input (400)', async () => {
      const owner = clientOf((await newUser()).key);
      const outsider = clientOf((await newUser()).key);
      const { conversation } = await owner.createConversation();
      expect(await failure(outsider.getConversation({ conversationId: conversation.id }))).toEqual({ code: 403, type: 'Forbidden' });
      expect(await failure(outsider.listConversationMessages({ conversationId: conversation.id }))).toEqual({ code: 403, type: 'Forbidden' });
      expect(await failure(owner.getConversation({ conversationId: 'conv_unknown' }))).toEqual({ code: 404, type: 'ResourceNotFound' });
      expect(await failure(owner.addParticipant({ conversationId: conversation.id, userId: 'nobody' }))).toEqual({ code: 404, type: 'ResourceNotFound' });
      expect(await failure(owner.listConversations({ nextToken: 'forged' }))).toEqual({ code: 400, type: 'InvalidPayload' });
      const key = (await newUser()).key;
      await expectBodiesRefused('POST', `${path}/conversations`, { 'x-user-key': key }, badBodies({ _: 'x' }, [['a numeric _', { _: 1 }]]));
      await expectBodiesRefused(
        'POST',
        `${path}/conversations/${conversation.id}/participants`,
        { 'x-user-key': key },
        badBodies({ userId: 'u' }, [['a numeric userId', { userId: 1 }]]),
      );
    });
  });

  describe('messages', () => {
    let user: Webchat.Client;
    let userId: string;
    let conversationId: string;

    beforeAll(async () => {
      const created = await newUser();
      user = clientOf(created.key);
      userId = created.user.id;
      conversationId = (await user.createConversation()).conversation.id;
    });

    const bloc = {
      type: 'bloc' as const,
      items: [
        { type: 'text' as const, payload: { text: 'one' } },
        { type: 'image' as const, payload: { imageUrl: 'https://example.com/two.png' } },
        { type: 'markdown' as const, payload: { markdown: '**three**' } },
      ],
    };

    it('creates a message with its metadata, in the web chat’s shapes, stored in the runtime’s', async () => {
      const { message } = await user.createMessage({ conversationId, payload: bloc, metadata: { clientMessageId: 'c1' } });
      expect(message).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        payload: bloc,
        userId,
        conversationId,
        metadata: { clientMessageId: 'c1' },
      });
      expect((await user.getMessage({ messageId: message.id })).message).toEqual(message);

      // The runtime holds it as a bot reads it: items `{ type, payload }`, the metadata inside the payload.
      const { message: stored } = await bot.runtime.getMessage({ id: message.id });
      expect(stored).toMatchObject({ type: 'bloc', payload: { items: bloc.items, metadata: { clientMessageId: 'c1' } } });
      // The chat API shows the same message with flat items.
      const chat = await ChatClient.connect({ apiUrl: bot.chatApiUrl, encryptionKey: ENCRYPTION_KEY, userId });
      expect((await chat.getMessage({ id: message.id })).message.payload).toEqual({
        type: 'bloc',
        items: [
          { type: 'text', text: 'one' },
          { type: 'image', imageUrl: 'https://example.com/two.png' },
          { type: 'markdown', markdown: '**three**' },
        ],
      });
    });

    it('lists the messages of a conversation newest first', async () => {
      const conversation = (await user.createConversation()).conversation.id;
      for (const text of ['first', 'second', 'third']) await user.createMessage({ conversationId: conversation, payload: { type: 'text', text } });
      const { messages } = await user.listConversationMessages({ conversationId: conversation });
      expect(messages.map((m) => (m.payload as { text: string }).text)).toEqual(['third', 'second', 'first']);
    });

    it('lets the author update the payload or the metadata, and delete the message; nobody else', async () => {
      const { message } = await user.createMessage({ conversationId, payload: { type: 'text', text: 'draft' }, metadata: { v: 1 } });
      const { message: edited } = await user.updateMessage({ messageId: message.id, payload: { type: 'text', text: 'final' } });
      expect(edited).toMatchObject({ payload: { type: 'text', text: 'final' }, metadata: { v: 1 } });
      const { message: retagged } = await user.updateMessage({ messageId: message.id, metadata: { v: 2 } });
      expect(retagged).toMatchObject({ payload: { type: 'text', text: 'final' }, metadata: { v: 2 } });
      expect(await failure(user.updateMessage({ messageId: message.id, payload: { type: 'markdown', markdown: 'x' } }))).toEqual({
        code: 400,
        type: 'InvalidPayload',
      });

      const other = await newUser();
      await user.addParticipant({ conversationId, userId: other.user.id });
      expect(await failure(clientOf(other.key).updateMessage({ messageId: message.id, payload: { type: 'text', text: 'hijack' } }))).toEqual({
        code: 403,
        type: 'Forbidden',
      });
      expect(await failure(clientOf(other.key).deleteMessage({ messageId: message.id }))).toEqual({ code: 403, type: 'Forbidden' });
      await user.deleteMessage({ messageId: message.id });
      expect(await failure(user.getMessage({ messageId: message.id }))).toEqual({ code: 404, type: 'ResourceNotFound' });
    });

    it('records feedback on a message and removes it', async () => {
      const { message } = await user.createMessage({ conversationId, payload: { type: 'text', text: 'rate me' } });
      await user.addMessageFeedback({ messageId: message.id, value: 'negative', comment: 'too short' });
      expect((await user.getMessage({ messageId: message.id })).message.feedback).toEqual({ value: 'negative', comment: 'too short' });
      await user.removeMessageFeedback({ messageId: message.id });
      expect((await user.getMessage({ messageId: message.id })).message.feedback).toBeUndefined();
    });

    it('refuses bad messages with a clear 4xx and stores nothing', async () => {
      const count = () => sql(`SELECT count(*)::int AS n FROM runtime.messages WHERE bot_id = $1`, [bot.botId]);
      const before = await count();
      const key = (await newUser()).key;
      const owner = clientOf(key);
      const own = (await owner.createConversation()).conversation.id;
      const beforeOwn = await count();
      expect(beforeOwn).toEqual(before);
      await expectBodiesRefused(
        'POST',
        `${path}/messages`,
        { 'x-user-key': key },
        badBodies({ conversationId: own, payload: { type: 'text', text: 'x' } }, [
          ['an unknown payload type', { payload: { type: 'hologram' } }],
          ['a text without text', { payload: { type: 'text' } }],
          ['flat bloc items (the chat API’s shape)', { payload: { type: 'bloc', items: [{ type: 'text', text: 'flat' }] } }],
          ['a bloc item of an unknown type', { payload: { type: 'bloc', items: [{ type: 'card', payload: {} }] } }],
          ['metadata that is not an object', { metadata: [1] }],
          ['a missing conversationId', { conversationId: undefined }],
        ]),
      );
      expect(await failure(owner.createMessage({ conversationId: 'conv_unknown', payload: { type: 'text', text: 'x' } }))).toEqual({
        code: 404,
        type: 'ResourceNotFound',
      });
      expect(await failure(clientOf((await newUser()).key).createMessage({ conversationId: own, payload: { type: 'text', text: 'x' } }))).toEqual({
        code: 403,
        type: 'Forbidden',
      });
      const { message } = await owner.createMessage({ conversationId: own, payload: { type: 'text', text: 'kept' } });
      await expectBodiesRefused(
        'PUT',
        `${path}/messages/${message.id}/feedback`,
        { 'x-user-key': key },
        badBodies({ value: 'positive' }, [['an unknown value', { value: 'meh' }]]),
      );
      await expectBodiesRefused(
        'PUT',
        `${path}/messages/${message.id}`,
        { 'x-user-key': key },
        badBodies({ metadata: {} }, [['a payload of no variant', { payload: { type: 'x' } }]]),
      );
      expect((await count())[0]).toEqual({ n: (before[0] as { n: number }).n + 1 });
      expect((await owner.getMessage({ messageId: message.id })).message.payload).toEqual({ type: 'text', text: 'kept' });
    });
  });

  describe('events, files and metrics', () => {
    it('answers the first conversation_started of a conversation as initial, the next ones not', async () => {
      const user = clientOf((await newUser()).key);
      const conversationId = (await user.createConversation()).conversation.id;
      const first = await user.createEvent({ conversationId, payload: { type: 'conversation_started', data: {} } });
      const second = await user.createEvent({ conversationId, payload: { type: 'conversation_started', data: {} } });
      expect(first.event.payload).toEqual({ type: 'conversation_started', data: { status: { isInitial: true } } });
      expect(second.event.payload).toEqual({ type: 'conversation_started', data: { status: { isInitial: false } } });
      const { events } = await bot.runtime.listEvents({ conversationId, type: 'webchat:conversationStarted' });
      expect(events).toHaveLength(2);
      expect(events[0].payload).toEqual({ userId: first.event.userId, conversationId });
    });

    it('sends custom events to the bot and reads them back', async () => {
      const user = clientOf((await newUser()).key);
      const conversationId = (await user.createConversation()).conversation.id;
      const { event } = await user.createEvent({
        conversationId,
        payload: { type: 'custom', data: { clicked: 'buy' } },
        bindConversation: true,
        bindUser: true,
      });
      expect(event).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        payload: { type: 'custom', data: { clicked: 'buy' } },
        conversationId,
        userId: expect.any(String),
      });
      expect((await user.getEvent({ eventId: event.id })).event).toEqual(event);
      expect((await bot.runtime.getEvent({ id: event.id })).event).toMatchObject({ type: 'custom', payload: { clicked: 'buy' } });
      const key = (await newUser()).key;
      await expectBodiesRefused(
        'POST',
        `${path}/events`,
        { 'x-user-key': key },
        badBodies({ conversationId, payload: { type: 'custom', data: {} } }, [
          ['an unknown event type', { payload: { type: 'explode', data: {} } }],
          ['data that is not an object', { payload: { type: 'custom', data: 'x' } }],
          ['a numeric bindUser', { bindUser: 1 }],
        ]),
      );
      expect(await failure(user.getEvent({ eventId: 'evt_unknown' }))).toEqual({ code: 404, type: 'ResourceNotFound' });
    });

    it('answers file uploads 501 in the standard error body until the platform has a files API', async () => {
      const { key } = await newUser();
      expect(await failure(clientOf(key).createFile({ key: 'a.txt', size: 3 }))).toEqual({ code: 501, type: 'NotImplemented' });
      const res = await raw('POST', `${path}/files`, { headers: { 'x-user-key': key, 'content-type': 'application/json' }, body: '{"key":"a","size":1}' });
      expectErrorBody(res.json, 501, 'NotImplemented');
    });

    it('accepts the widget’s performance reports', async () => {
      expect(await Webchat.sendPerfMetrics(bot.clientId, { duration: 12, event: 'webchat:init', properties: { a: 1 } }, apiUrl)).toEqual({});
    });
  });

  describe('the hosted page and the widget files', () => {
    it('serves the page of a chat integration’s webhook, and 404 for any other client id', async () => {
      const page = await raw('GET', `${path}/page`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<script src="embed.js" data-mode="page" defer></script>');
      expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
      expectErrorBody((await raw('GET', '/webchat/unknown-client/page')).json, 404, 'ResourceNotFound');
    });

    it('serves the widget built from the npm package, to pages of any origin', async () => {
      const script = await raw('GET', `${path}/embed.js`);
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(script.text.length).toBeGreaterThan(100_000);
      const style = await raw('GET', `${path}/embed.css`);
      expect(style.headers['content-type']).toMatch(/^text\/css/);
      expect(style.text).toContain('.bpContainer');
    });
  });
});
