import { createHmac } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { InvalidPayloadError } from '@botpress/client';
import { client, createChatBot, defaultWorkspaceId, expectClientError, fakeBot, ReceivedDelivery, sleep, until } from '@platform/testing';

type Received = ReceivedDelivery;

async function botAt(url: string) {
  const bot = await createChatBot();
  await bot.admin.updateBot({ id: bot.botId, url });
  const user: AuthenticatedClient = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
  const conversation = async () => (await user.createConversation({})).conversation.id;
  const say = async (conversationId: string, text: string) => (await user.createMessage({ conversationId, payload: { type: 'text', text } })).message.id;
  return { ...bot, user, conversation, say };
}

/** What a bot's delivery rules promise (README, "Bots: the event loop"). */
describe('delivery rules', () => {
  it('signs every delivery with the bot signing secret, and with both secrets for a day after a rotation', async () => {
    const endpoint = await fakeBot(() => 200);
    try {
      const bot = await botAt(endpoint.url);
      const conversationId = await bot.conversation();
      await bot.say(conversationId, 'signed');
      await until(() => endpoint.received.length >= 1, 20000);
      const { signingSecret } = (await bot.admin.getBot({ id: bot.botId })).bot;
      const sign = (secret: string, r: Received) => `sha256=${createHmac('sha256', secret).update(`${r.headers['x-bp-timestamp']}.${r.body}`).digest('hex')}`;
      const first = endpoint.received[0];
      expect(first.headers['x-bp-signature']).toBe(sign(signingSecret, first));
      expect(Math.abs(Number(first.headers['x-bp-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

      const { newSigningSecret } = await bot.admin.rotateBotSigningSecrets({ id: bot.botId });
      expect(newSigningSecret).not.toBe(signingSecret);
      expect((await bot.admin.getBot({ id: bot.botId })).bot.signingSecret).toBe(newSigningSecret);
      await bot.say(conversationId, 'after rotation');
      await until(() => endpoint.received.length >= 2, 20000);
      const second = endpoint.received[1];
      expect(String(second.headers['x-bp-signature']).split(',')).toEqual([sign(newSigningSecret, second), sign(signingSecret, second)]);
    } finally {
      await endpoint.stop();
    }
  });

  it('does not retry an event the bot refuses with a 4xx, and moves on', async () => {
    const endpoint = await fakeBot((event) => (event.preview === 'refused' ? 422 : 200));
    try {
      const bot = await botAt(endpoint.url);
      const conversationId = await bot.conversation();
      const refused = await bot.say(conversationId, 'refused');
      const next = await bot.say(conversationId, 'next');
      await until(() => endpoint.received.some((r) => r.event.messageId === next), 20000);
      expect(endpoint.received.filter((r) => r.event.messageId === refused)).toHaveLength(1);
      const { events } = await bot.runtime.listEvents({ messageId: refused });
      expect(events[0]).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/422.*not retried/) });
    } finally {
      await endpoint.stop();
    }
  });

  it('retries an event answered 429, 408 or 5xx until the bot takes it', async () => {
    const answers = new Map([
      ['busy', [429, 200]],
      ['slow', [408, 200]],
      ['broken', [503, 500, 200]],
    ]);
    const endpoint = await fakeBot((event) => answers.get(event.preview)?.shift() ?? 200);
    try {
      const bot = await botAt(endpoint.url);
      const conversationId = await bot.conversation();
      const ids = [await bot.say(conversationId, 'busy'), await bot.say(conversationId, 'slow'), await bot.say(conversationId, 'broken')];
      for (const id of ids) {
        await until(async () => (await bot.runtime.listEvents({ messageId: id })).events[0]?.status === 'processed', 20000);
      }
      const attempts = ids.map((id) => endpoint.received.filter((r) => r.event.messageId === id).length);
      expect(attempts).toEqual([2, 2, 3]);
    } finally {
      await endpoint.stop();
    }
  });

  it("delivers a chat user's custom event as the cloud's chat integration does: chat:custom with { userId, conversationId, payload }", async () => {
    const endpoint = await fakeBot(() => 200);
    try {
      const bot = await botAt(endpoint.url);
      const conversationId = await bot.conversation();
      const sent = { kind: 'button', value: [1, 2] };
      const { event } = await bot.user.createEvent({ conversationId, payload: sent });
      // The chat API answers with what the user sent.
      expect(event.payload).toEqual(sent);
      expect((await bot.user.getEvent({ id: event.id })).event).toEqual(event);
      await until(() => endpoint.received.some((r) => r.event.id === event.id), 20000);
      const delivery = endpoint.received.find((r) => r.event.id === event.id)!;
      expect(delivery.headers['x-bp-type']).toBe('chat:custom');
      expect(delivery.event).toMatchObject({
        type: 'chat:custom',
        conversationId,
        userId: bot.user.user.id,
        payload: { userId: bot.user.user.id, conversationId, payload: sent },
      });
      // The runtime keeps it in the same shape, as a bot reads it back.
      expect((await bot.runtime.getEvent({ id: event.id })).event).toMatchObject({
        type: 'chat:custom',
        payload: { userId: bot.user.user.id, conversationId, payload: sent },
      });
    } finally {
      await endpoint.stop();
    }
  });

  it('refuses bot urls that are not http(s)', async () => {
    const workspaceId = await defaultWorkspaceId();
    const admin = client({ workspaceId });
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO', 'ftp://example.com/', 'not a url']) {
      await expectClientError(admin.createBot({ name: 'bad url', url }), InvalidPayloadError, 400, 'InvalidPayload');
    }
  });

  it('never delivers to an address outside the allowed networks, and says so without telling what is there', async () => {
    const bot = await botAt('http://169.254.169.254/latest/meta-data/');
    const conversationId = await bot.conversation();
    const id = await bot.say(conversationId, 'to the metadata service');
    let event: { status: string; failureReason: string | null } | undefined;
    await until(async () => {
      [event] = (await bot.runtime.listEvents({ messageId: id })).events;
      return event?.status === 'failed';
    }, 20000);
    expect(event!.failureReason).toBe('The bot url is not a permitted destination (a local, private or special address)');
    const loopback6 = await botAt('http://[::1]:9/');
    const other = await loopback6.say(await loopback6.conversation(), 'to ipv6 loopback');
    await until(async () => (await loopback6.runtime.listEvents({ messageId: other })).events[0]?.status === 'failed', 20000);
  });

  it('keeps other bots flowing while one bot hangs on every conversation', async () => {
    const hanging = await fakeBot(() => -1);
    const healthy = await fakeBot(() => 200);
    try {
      const stuck = await botAt(hanging.url);
      for (let i = 0; i < 12; i++) await stuck.say(await stuck.conversation(), `hang ${i}`);
      await until(() => hanging.received.length >= 4, 20000);
      const fine = await botAt(healthy.url);
      const sent = Date.now();
      await fine.say(await fine.conversation(), 'still flowing');
      await until(() => healthy.received.length >= 1, 20000);
      // Well inside the hanging bot's delivery timeout: it held none of the healthy bot's turn.
      expect(healthy.received[0].at - sent).toBeLessThan(1500);
      await sleep(100);
    } finally {
      await hanging.stop();
      await healthy.stop();
    }
  });
});
