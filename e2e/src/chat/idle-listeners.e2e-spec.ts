import { Client as ChatClient } from '@botpress/chat';
import { createChatBot, sleep, until } from '@platform/testing';
import { startGateway } from '../support/extra-gateway';
import { Webchat } from '../support/webchat';

/** Long enough for every idle timeout of the official clients' defaults to have fired many times over (Node's agent: 5 s). */
const IDLE_MS = 60_000;

describe('live streams on the official clients’ defaults', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    // The platform's default keep-alive (the rest of the suite runs with a fast one).
    gateway = await startGateway({ LISTEN_KEEPALIVE_MS: '' });
  });

  afterAll(() => gateway.stop());

  it(
    'stay up through a minute of silence and deliver the next message: @botpress/chat on Node’s default agent, and the web chat',
    async () => {
      const { webhookId } = await createChatBot();
      const chat = await ChatClient.connect({ apiUrl: `${gateway.url}/chat/${webhookId}` });
      const { conversation } = await chat.createConversation({});
      const listener = await chat.listenConversation({ id: conversation.id });
      const heard: string[] = [];
      const errors: unknown[] = [];
      listener.on('message_created', (m) => heard.push(`chat:${(m.payload as { text: string }).text}`));
      listener.on('error', (e) => errors.push(e));

      const apiUrl = `${gateway.url}/webchat`;
      const visitor = Webchat.initialize({ clientId: webhookId, apiUrl });
      let init: any;
      visitor.on('init', (data) => (init = data));
      visitor.on('message_created', (m) => heard.push(`webchat:${(m.payload as { text: string }).text}`));
      visitor.on('error', (e) => errors.push(e));
      await until(() => init !== undefined, 15000);
      let reopened = 0;
      visitor.on('open', () => reopened++);

      try {
        await sleep(IDLE_MS);
        await chat.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'after the silence' } });
        const webchat = Webchat.createClient({ userKey: init.user.userKey, clientId: webhookId, apiUrl });
        await webchat.createMessage({ conversationId: init.conversation.id, payload: { type: 'text', text: 'after the silence' } });
        await until(() => heard.length === 2, 5000);
        expect(heard.sort()).toEqual(['chat:after the silence', 'webchat:after the silence']);
        expect(errors).toEqual([]);
        expect(listener.status).toBe('connected');
        // The web chat's stream never had to reconnect.
        expect(reopened).toBe(0);
      } finally {
        await listener.disconnect();
        visitor.disconnect();
      }
    },
    IDLE_MS + 60_000,
  );
});
