import { AuthenticatedClient, Client as ChatClient, ForbiddenError, InvalidPayloadError, Message, ResourceNotFoundError } from '@botpress/chat';
import { ChatBot, createChatBot, expectClientError, expectErrorBody, ISO_MS, raw } from '@platform/testing';

type Payload = Message['payload'];

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');

const card = {
  type: 'card' as const,
  title: 'Flight to Lisbon',
  subtitle: 'Tomorrow, 9:40',
  imageUrl: 'https://example.com/lisbon.png',
  actions: [
    { action: 'postback' as const, label: 'Book', value: 'book:LIS' },
    { action: 'url' as const, label: 'Details', value: 'https://example.com/flights/LIS' },
    { action: 'say' as const, label: 'Say hi', value: 'hi' },
  ],
};

/** One payload of every variant of @botpress/chat, with its optional fields. */
const PAYLOADS: Array<[string, Payload]> = [
  ['text', { type: 'text', text: 'Hello there 👋' }],
  ['markdown', { type: 'markdown', markdown: '# Title\n\n**bold** and _italic_' }],
  ['image', { type: 'image', imageUrl: 'https://example.com/cat.png' }],
  ['audio', { type: 'audio', audioUrl: 'https://example.com/sound.mp3' }],
  ['video', { type: 'video', videoUrl: 'https://example.com/clip.mp4' }],
  ['file', { type: 'file', fileUrl: 'https://example.com/report.pdf', title: 'Report' }],
  ['location', { type: 'location', latitude: 38.7223, longitude: -9.1393, address: 'Praça do Comércio', title: 'Lisbon' }],
  ['card', card],
  ['carousel', { type: 'carousel', items: [card, { ...card, title: 'Flight to Porto', actions: [] }] }],
  [
    'choice',
    {
      type: 'choice',
      text: 'Window or aisle?',
      options: [
        { label: 'Window', value: 'window' },
        { label: 'Aisle', value: 'aisle' },
      ],
    },
  ],
  [
    'dropdown',
    {
      type: 'dropdown',
      text: 'Pick a class',
      options: [
        { label: 'Economy', value: 'eco' },
        { label: 'Business', value: 'biz' },
      ],
    },
  ],
  [
    'bloc',
    {
      type: 'bloc',
      items: [
        { type: 'text', text: 'Your trip' },
        { type: 'markdown', markdown: '*sunny*' },
        { type: 'image', imageUrl: 'https://example.com/a.png' },
        { type: 'audio', audioUrl: 'https://example.com/a.mp3' },
        { type: 'video', videoUrl: 'https://example.com/a.mp4' },
        { type: 'file', fileUrl: 'https://example.com/a.pdf', title: 'Ticket' },
        { type: 'location', latitude: 0, longitude: 0 },
      ],
    },
  ],
];

describe('chat messages', () => {
  let bot: ChatBot;
  let alice: AuthenticatedClient;
  let bob: AuthenticatedClient;
  let conversationId: string;

  beforeAll(async () => {
    bot = await createChatBot();
    [alice, bob] = await Promise.all([ChatClient.connect({ apiUrl: bot.chatApiUrl }), ChatClient.connect({ apiUrl: bot.chatApiUrl })]);
    conversationId = (await alice.createConversation({})).conversation.id;
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    raw('POST', `/chat/${bot.webhookId}/messages`, {
      headers: { 'content-type': 'application/json', 'x-user-key': alice.user.key, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('createMessage and getMessage', () => {
    it.each(PAYLOADS)('store a %s message with its metadata beside the payload', async (_, payload) => {
      const metadata = { source: 'e2e', attempt: 1, nested: { flags: [true, false], none: null } };
      const { message } = await alice.createMessage({ conversationId, payload, metadata });
      expect(message).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(ISO_MS),
        payload,
        userId: alice.user.id,
        conversationId,
        metadata,
      });
      expect(await alice.getMessage({ id: message.id })).toEqual({ message });

      // On the wire: exactly these fields, and metadata not inside the payload.
      const res = await raw('GET', `/chat/${bot.webhookId}/messages/${message.id}`, { headers: { 'x-user-key': alice.user.key } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json.message).sort()).toEqual(['conversationId', 'createdAt', 'id', 'metadata', 'payload', 'userId']);
      expect(res.json.message.payload).not.toHaveProperty('metadata');
      expect(res.json.message.payload).toEqual(payload);
    });

    it('answers no metadata field for a message sent without one', async () => {
      const { message } = await alice.createMessage({ conversationId, payload: { type: 'text', text: 'plain' } });
      expect(message).not.toHaveProperty('metadata');
      const res = await raw('GET', `/chat/${bot.webhookId}/messages/${message.id}`, { headers: { 'x-user-key': alice.user.key } });
      expect(Object.keys(res.json.message).sort()).toEqual(['conversationId', 'createdAt', 'id', 'payload', 'userId']);
    });

    it('carries the metadata inside the runtime payload, as the cloud does: the message metadata wins over a payload field of that name', async () => {
      const payload = { type: 'text' as const, text: 'hi', metadata: { inPayload: true } };
      const { message } = await alice.createMessage({ conversationId, payload, metadata: { beside: true } });
      const { message: read } = await alice.getMessage({ id: message.id });
      expect(read.payload).toEqual({ type: 'text', text: 'hi' });
      expect(read.metadata).toEqual({ beside: true });
      const { message: stored } = await bot.runtime.getMessage({ id: message.id });
      expect(stored).toMatchObject({ type: 'text', payload: { text: 'hi', metadata: { beside: true } } });
    });

    it('keeps extra payload fields, numbers and unicode exactly', async () => {
      const payload = {
        type: 'location' as const,
        latitude: -33.868820123456,
        longitude: 151.2092955,
        extra: { clé: 'välue ✓', list: [1, 'two', null] },
      };
      const { message } = await alice.createMessage({ conversationId, payload });
      expect((await alice.getMessage({ id: message.id })).message.payload).toEqual(payload);
    });

    it('gives each message its own id and a createdAt of now', async () => {
      const before = Date.now();
      const [a, b] = await Promise.all([
        alice.createMessage({ conversationId, payload: { type: 'text', text: 'one' } }),
        alice.createMessage({ conversationId, payload: { type: 'text', text: 'two' } }),
      ]);
      expect(a.message.id).not.toBe(b.message.id);
      const created = Date.parse(a.message.createdAt);
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    });
  });

  describe('a burst of messages in one conversation', () => {
    // Messages that come while others of the conversation are being written are stored together:
    // each must still be stored once, with its own event, counting the conversation's messages one by one.
    it('stores each message once, with an event showing the conversation as that message left it', async () => {
      const { conversation } = await alice.createConversation({});
      const texts = Array.from({ length: 16 }, (_, i) => `burst ${i}`); // one page of each list
      const sent = await Promise.all(texts.map((text) => alice.createMessage({ conversationId: conversation.id, payload: { type: 'text', text } })));
      expect(new Set(sent.map(({ message }) => message.id)).size).toBe(texts.length);

      const { messages } = await alice.listMessages({ conversationId: conversation.id });
      expect(messages.map((m) => m.id).sort()).toEqual(sent.map(({ message }) => message.id).sort());
      const { events } = await bot.runtime.listEvents({ conversationId: conversation.id, type: 'message_created' });
      expect(events.map((e) => (e.payload as { message: { id: string } }).message.id).sort()).toEqual(sent.map(({ message }) => message.id).sort());
      const counts = events.map((e) => (e.payload as { conversation: { messageCount: number } }).conversation.messageCount).sort((a, b) => a - b);
      expect(counts).toEqual(texts.map((_, i) => i + 1));
      for (const event of events) {
        const { message, conversation: shown } = event.payload as { message: { createdAt: string }; conversation: { updatedAt: string } };
        expect(shown.updatedAt).toBe(message.createdAt);
      }
      expect((await bot.runtime.getConversation({ id: conversation.id })).conversation).toMatchObject({ messageCount: texts.length });
    });
  });

  describe('invalid messages (400 InvalidPayload)', () => {
    it.each<[string, unknown, string]>([
      ['no payload', undefined, 'payload must be an object'],
      ['a payload that is a string', 'hello', 'payload must be an object'],
      [
        'an unknown type',
        { type: 'sticker', stickerId: 'x' },
        'payload.type must be one of: text, markdown, image, audio, video, file, location, card, carousel, choice, dropdown, bloc',
      ],
      ['a text without text', { type: 'text' }, 'payload.text is required for a text message'],
      ['a text that is not a string', { type: 'text', text: 5 }, 'payload.text must be a string'],
      ['an image without imageUrl', { type: 'image' }, 'payload.imageUrl is required for an image message'],
      ['a location with a string latitude', { type: 'location', latitude: '1', longitude: 2 }, 'payload.latitude must be a number'],
      [
        'a card with a bad action',
        { ...card, actions: [{ action: 'call', label: 'x', value: 'y' }] },
        'payload.actions[0].action must be one of: postback, url, say',
      ],
      [
        'a carousel item that is not a card',
        { type: 'carousel', items: [card, { type: 'image', imageUrl: 'x' }] },
        'payload.items[1].type must be one of: card',
      ],
      ['a choice option without a value', { type: 'choice', text: 'x', options: [{ label: 'a' }] }, 'payload.options[0].value must be a string'],
      ['a dropdown without options', { type: 'dropdown', text: 'x' }, 'payload.options is required for a dropdown message'],
      [
        'a bloc item of a type blocs cannot hold',
        { type: 'bloc', items: [card] },
        'payload.items[0].type must be one of: text, markdown, image, audio, video, file, location',
      ],
    ])('refuses %s', async (_, payload, problem) => {
      const error = await invalidPayload(alice.createMessage({ conversationId, payload: payload as never }));
      expect(error.message).toBe(problem);
    });

    it.each([
      ['an array', [1, 2]],
      ['a string', 'meta'],
      ['null', null],
    ])('refuses metadata that is %s', async (_, metadata) => {
      const res = await post({ conversationId, payload: { type: 'text', text: 'x' }, metadata });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(/metadata/);
    });

    it.each([
      ['the payload', () => ({ conversationId, payload: { type: 'text', text: 'nul \u0000 inside' } })],
      ['a metadata key', () => ({ conversationId, payload: { type: 'text', text: 'x' }, metadata: { 'k\u0000': 1 } })],
      ['the conversationId', () => ({ conversationId: `${conversationId}\u0000`, payload: { type: 'text', text: 'x' } })],
    ])('refuses U+0000 in %s, which no service could store', async (_, body) => {
      const res = await post(body());
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(/U\+0000/);
    });

    it('refuses a message without conversationId', async () => {
      const error = await invalidPayload(alice.createMessage({ payload: { type: 'text', text: 'x' } } as never));
      expect(error.message).toMatch(/conversationId/);
    });

    it('refuses an unknown body property', async () => {
      const res = await post({ conversationId, payload: { type: 'text', text: 'x' }, tags: { a: 'b' } });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(/tags should not exist/);
    });

    it('refuses malformed JSON (400) and another content type (415)', async () => {
      const malformed = await post('{"conversationId":');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.json, 400, 'InvalidPayload');
      const text = await post('hello', { 'content-type': 'text/plain' });
      expect(text.status).toBe(415);
      expectErrorBody(text.json, 415, 'UnsupportedMediaType');
    });
  });

  describe('access', () => {
    it('answers 404 for a message in an unknown conversation', async () => {
      const call = alice.createMessage({ conversationId: 'no-such-conversation', payload: { type: 'text', text: 'x' } });
      const error = await expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');
      expect(error.message).toMatch(/no-such-conversation/);
    });

    it('answers 403 for a message in a conversation the user is not in', async () => {
      await expectClientError(bob.createMessage({ conversationId, payload: { type: 'text', text: 'intruder' } }), ForbiddenError, 403, 'Forbidden');
    });

    it('answers 404 for getMessage of an unknown id', async () => {
      const error = await expectClientError(alice.getMessage({ id: 'msg_unknown' }), ResourceNotFoundError, 404, 'ResourceNotFound');
      expect(error.message).toMatch(/msg_unknown/);
      const res = await raw('GET', `/chat/${bot.webhookId}/messages/msg_unknown`, { headers: { 'x-user-key': alice.user.key } });
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    });

    it('answers 400 for getMessage of an id holding U+0000', async () => {
      const res = await raw('GET', `/chat/${bot.webhookId}/messages/msg%00`, { headers: { 'x-user-key': alice.user.key } });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });

    it('answers 403 for getMessage in a conversation the user is not in', async () => {
      const { message } = await alice.createMessage({ conversationId, payload: { type: 'text', text: 'private' } });
      await expectClientError(bob.getMessage({ id: message.id }), ForbiddenError, 403, 'Forbidden');
      const res = await raw('GET', `/chat/${bot.webhookId}/messages/${message.id}`, { headers: { 'x-user-key': bob.user.key } });
      expect(res.status).toBe(403);
      expectErrorBody(res.json, 403, 'Forbidden');
      expect(res.json.message).not.toContain('private');
    });

    it('answers 404 for a message of another bot', async () => {
      const other = await createChatBot();
      const dave = await ChatClient.connect({ apiUrl: other.chatApiUrl });
      const { conversation } = await dave.createConversation({});
      const { message } = await dave.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'elsewhere' } });
      await expect(dave.getMessage({ id: message.id })).resolves.toEqual({ message });
      await expectClientError(alice.getMessage({ id: message.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });
});
