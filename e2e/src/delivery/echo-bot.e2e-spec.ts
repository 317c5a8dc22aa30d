import { AuthenticatedClient, Client as ChatClient, SignalListener } from '@botpress/chat';
import { createChatBot, e2e, EchoBotProcess, sleep, startEchoBotProcess, until } from '@platform/testing';

describe('the bot loop with the example echo bot', () => {
  let bot: EchoBotProcess;
  let user: AuthenticatedClient;
  let conversationId: string;
  let listener: SignalListener;
  const messages: any[] = [];
  const events: any[] = [];

  beforeAll(async () => {
    bot = await startEchoBotProcess({ API_URL: e2e.url, BOT_TOKEN: e2e.token });
    const chatBot = await createChatBot();
    await chatBot.admin.updateBot({ id: chatBot.botId, url: bot.url });
    user = await ChatClient.connect({ apiUrl: chatBot.chatApiUrl });
    conversationId = (await user.createConversation({})).conversation.id;
    listener = await user.listenConversation({ id: conversationId });
    listener.on('message_created', (m) => messages.push(m));
    listener.on('event_created', (e) => events.push(e));
  });

  afterAll(async () => {
    await listener.disconnect();
    await bot.stop();
  });

  /** Sends a message and waits for the bot's reply to reach the listener. */
  async function exchange(payload: any, metadata?: Record<string, unknown>) {
    const before = messages.length;
    const { message } = await user.createMessage({ conversationId, payload, metadata });
    await until(() => messages.slice(before).some((m) => m.isBot), 10000);
    const reply = messages.slice(before).find((m) => m.isBot);
    return { message, reply };
  }

  it('echoes text back to the chat user, live, as the bot', async () => {
    const { message, reply } = await exchange({ type: 'text', text: 'hello there' });
    expect(reply).toMatchObject({ conversationId, isBot: true, payload: { type: 'text', text: 'hello there' } });
    expect(reply.userId).not.toBe(user.user.id);
    const event = bot.received.find((e) => e.payload.message?.id === message.id)!;
    expect(event).toMatchObject({
      type: 'message_created',
      direction: 'incoming',
      preview: 'hello there',
      conversationId,
      userId: user.user.id,
      messageId: message.id,
      integration: 'chat',
    });
  });

  it('gives the bot the event object of docs/contracts.md ("Events") and nothing invented', async () => {
    const { message } = await exchange({ type: 'text', text: 'shape' });
    const event = bot.received.find((e) => e.payload.message?.id === message.id) as any;
    const allowed = [
      'botId',
      'conversationId',
      'createdOn',
      'direction',
      'id',
      'integration',
      'kb',
      'messageId',
      'payload',
      'preview',
      'state',
      'tags',
      'trigger',
      'type',
      'userId',
    ];
    expect(Object.keys(event).filter((k) => !allowed.includes(k))).toEqual([]);
    expect(event.createdOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(event.kb).toEqual({ included: false });
    expect(event.payload.message).toMatchObject({ id: message.id, type: 'text', payload: { text: 'shape' }, direction: 'incoming' });
    expect(event.payload.conversation.id).toBe(conversationId);
    expect(event.payload.user.id).toBe(user.user.id);
  });

  it('answers "bloc" with a bloc of three items, which the chat API shows flat', async () => {
    const { reply } = await exchange({ type: 'text', text: 'bloc' });
    const expected = {
      type: 'bloc',
      items: [
        { type: 'text', text: 'Here is a bloc' },
        { type: 'image', imageUrl: 'https://example.com/echo.png' },
        { type: 'markdown', markdown: '**three** items' },
      ],
    };
    expect(reply.payload).toEqual(expected);
    expect((await user.getMessage({ id: reply.id })).message.payload).toEqual(expected);
    expect((await user.listMessages({ conversationId })).messages.find((m) => m.id === reply.id)?.payload).toEqual(expected);
  });

  it('forwards the metadata of a message, which travels inside its payload, back on its reply', async () => {
    const { message, reply } = await exchange({ type: 'text', text: 'metadata' }, { origin: 'e2e', n: 7 });
    expect(bot.received.find((e) => e.payload.message?.id === message.id)?.payload.message.payload).toEqual({
      text: 'metadata',
      metadata: { origin: 'e2e', n: 7 },
    });
    expect(reply.metadata).toEqual({ origin: 'e2e', n: 7 });
    expect(JSON.parse(reply.payload.text)).toEqual({ origin: 'e2e', n: 7 });
    expect((await user.getMessage({ id: reply.id })).message.metadata).toEqual({ origin: 'e2e', n: 7 });
  });

  it("passes a custom event's payload back into the conversation", async () => {
    await user.createEvent({ conversationId, payload: { ping: 'pong', n: [1, 2] } });
    await until(() => events.some((e) => e.isBot), 10000);
    expect(events.find((e) => e.isBot)).toMatchObject({ conversationId, isBot: true, payload: { ping: 'pong', n: [1, 2] } });
  });

  it("does not deliver the bot's own messages back to it", async () => {
    const before = bot.received.length;
    await exchange({ type: 'text', text: 'once' });
    await sleep(300);
    const delivered = bot.received.slice(before);
    expect(delivered.every((e) => e.payload.message?.direction === 'incoming')).toBe(true);
    expect(delivered.filter((e) => e.type === 'message_created')).toHaveLength(1);
  });

  it("delivers a message sent just as its conversation's queue empties at once, not at the next repair sweep", async () => {
    // Each message arrives about when the dispatcher finishes the previous one and closes the lane:
    // the moment a badly ordered close would drop the new event's mailbox (found by the repair sweep
    // 2 s or more later), or keep it under a lease nobody uses (taken again when the lease runs out).
    // Several conversations at once, so the moments vary.
    const slow: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        const id = (await user.createConversation({})).conversation.id;
        const replies: any[] = [];
        const own = await user.listenConversation({ id });
        own.on('message_created', (m) => m.isBot && replies.push(m));
        for (let i = 0; i < 15; i++) {
          const started = Date.now();
          await user.createMessage({ conversationId: id, payload: { type: 'text', text: `quick ${c}.${i}` } });
          await until(() => replies.length > i, 10000);
          if (Date.now() - started > 1800) slow.push(`${c}.${i}`);
        }
        await own.disconnect();
      }),
    );
    expect(slow.length).toBeLessThanOrEqual(1);
  }, 120000);
});
