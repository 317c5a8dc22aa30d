import type { Server } from 'node:http';
import { Client as ChatClient } from '@botpress/chat';
import * as sdk from '@botpress/sdk';
import { createChatBot, freePort, until } from '@platform/testing';

interface HandledEvent {
  type: string;
  conversationId?: string;
  userId?: string;
  payload: Record<string, unknown>;
}

/**
 * A bot written for the cloud, on `@botpress/sdk` 5.4.3 and served by the sdk's own server: its
 * `bot.on.event('chat:custom', …)` handler fires for a chat user's custom event, with the payload
 * the cloud's chat integration gives it.
 */
describe("an sdk bot's handler of the chat integration's custom event", () => {
  let server: Server;
  const handled: HandledEvent[] = [];

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('fires with { userId, conversationId, payload }', async () => {
    const bot = new sdk.Bot({ actions: {}, plugins: {} } as never) as unknown as {
      on: { event(type: string, handler: (props: { event: HandledEvent }) => Promise<void>): void };
      start(port: number): Promise<Server>;
    };
    bot.on.event('chat:custom', async ({ event }) => {
      handled.push(event);
    });
    const port = await freePort();
    server = await bot.start(port);

    const chatBot = await createChatBot();
    await chatBot.admin.updateBot({ id: chatBot.botId, url: `http://127.0.0.1:${port}/` });
    const user = await ChatClient.connect({ apiUrl: chatBot.chatApiUrl });
    const { conversation } = await user.createConversation({});
    const sent = { action: 'open-menu', items: [1, 2] };
    const { event } = await user.createEvent({ conversationId: conversation.id, payload: sent });

    await until(() => handled.length > 0, 20000);
    expect(handled).toEqual([
      expect.objectContaining({
        type: 'chat:custom',
        conversationId: conversation.id,
        userId: user.user.id,
        payload: { userId: user.user.id, conversationId: conversation.id, payload: sent },
      }),
    ]);
    await until(async () => (await chatBot.runtime.getEvent({ id: event.id })).event.status === 'processed', 10000);
  });
});
