import { AlreadyExistsError, AuthenticatedClient, Client as ChatClient, InvalidPayloadError } from '@botpress/chat';
import { ChatBot, createChatBot, expectClientError, expectErrorBody, ISO_MS, raw } from '@platform/testing';

describe('chat conversations (createConversation)', () => {
  let bot: ChatBot;
  let alice: AuthenticatedClient;
  let bob: AuthenticatedClient;

  beforeAll(async () => {
    bot = await createChatBot();
    [alice, bob] = await Promise.all([ChatClient.connect({ apiUrl: bot.chatApiUrl }), ChatClient.connect({ apiUrl: bot.chatApiUrl })]);
  });

  it('creates a conversation with a generated id', async () => {
    const { conversation } = await alice.createConversation({});
    expect(conversation).toEqual({
      id: expect.stringMatching(/^[a-zA-Z0-9_-]{1,100}$/),
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
    });
    expect(conversation.createdAt).toBe(conversation.updatedAt);
    expect(Math.abs(Date.parse(conversation.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('generates a different id every time', async () => {
    const [a, b] = await Promise.all([alice.createConversation({}), alice.createConversation({})]);
    expect(a.conversation.id).not.toBe(b.conversation.id);
  });

  it('creates the conversation under a caller-chosen id, and returns that id', async () => {
    const { conversation } = await alice.createConversation({ id: 'support_ticket-42' });
    expect(conversation.id).toBe('support_ticket-42');
    // The creator takes part in it: it may write there.
    const { message } = await alice.createMessage({ conversationId: 'support_ticket-42', payload: { type: 'text', text: 'hi' } });
    expect(message.conversationId).toBe('support_ticket-42');
  });

  it('accepts a chosen id of 100 characters', async () => {
    const id = 'c'.repeat(100);
    expect((await alice.createConversation({ id })).conversation.id).toBe(id);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['with a colon', 'a:b'],
    ['with a dot', 'conv.1'],
    ['non-ASCII', 'çava'],
    ['101 characters long', 'c'.repeat(101)],
  ])('refuses a chosen id that is %s (400)', async (_, id) => {
    const error = await expectClientError(alice.createConversation({ id }), InvalidPayloadError, 400, 'InvalidPayload');
    expect(error.message).toBe('id must match ^[a-zA-Z0-9_-]{1,100}$');
  });

  it('refuses a chosen id that is not a string (400)', async () => {
    await expectClientError(alice.createConversation({ id: 7 as never }), InvalidPayloadError, 400, 'InvalidPayload');
  });

  it('answers 409 AlreadyExists for an id taken by the same or another user', async () => {
    await alice.createConversation({ id: 'taken-conversation' });
    const again = await expectClientError(alice.createConversation({ id: 'taken-conversation' }), AlreadyExistsError, 409, 'AlreadyExists');
    expect(again.message).toMatch(/taken-conversation/);
    await expectClientError(bob.createConversation({ id: 'taken-conversation' }), AlreadyExistsError, 409, 'AlreadyExists');
    // Bob did not become a participant by trying.
    const res = await raw('POST', `/chat/${bot.webhookId}/messages`, {
      headers: { 'content-type': 'application/json', 'x-user-key': bob.user.key },
      body: JSON.stringify({ conversationId: 'taken-conversation', payload: { type: 'text', text: 'let me in' } }),
    });
    expect(res.status).toBe(403);
  });

  it('answers the 409 in the standard error body', async () => {
    await alice.createConversation({ id: 'taken-twice' });
    const res = await raw('POST', `/chat/${bot.webhookId}/conversations`, {
      headers: { 'content-type': 'application/json', 'x-user-key': alice.user.key },
      body: JSON.stringify({ id: 'taken-twice' }),
    });
    expect(res.status).toBe(409);
    expectErrorBody(res.json, 409, 'AlreadyExists');
  });

  it('lets each bot have its own conversation of the same id', async () => {
    const other = await createChatBot();
    const carol = await ChatClient.connect({ apiUrl: other.chatApiUrl });
    await alice.createConversation({ id: 'same-on-two-bots' });
    await expect(carol.createConversation({ id: 'same-on-two-bots' })).resolves.toMatchObject({ conversation: { id: 'same-on-two-bots' } });
  });

  it('refuses an unknown body property (400)', async () => {
    const res = await raw('POST', `/chat/${bot.webhookId}/conversations`, {
      headers: { 'content-type': 'application/json', 'x-user-key': alice.user.key },
      body: JSON.stringify({ id: 'with-tags', tags: { topic: 'x' } }),
    });
    expect(res.status).toBe(400);
    expectErrorBody(res.json, 400, 'InvalidPayload');
    expect(res.json.message).toMatch(/tags should not exist/);
  });

  it('refuses malformed JSON (400) and another content type (415)', async () => {
    const path = `/chat/${bot.webhookId}/conversations`;
    const key = { 'x-user-key': alice.user.key };
    const malformed = await raw('POST', path, { headers: { ...key, 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expectErrorBody(malformed.json, 400, 'InvalidPayload');
    const form = await raw('POST', path, { headers: { ...key, 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=x' });
    expect(form.status).toBe(415);
    expectErrorBody(form.json, 415, 'UnsupportedMediaType');
  });
});
