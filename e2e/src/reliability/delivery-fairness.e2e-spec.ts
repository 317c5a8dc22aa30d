import { Client as ChatClient } from '@botpress/chat';
import { fakeBot, FakeBot, OwnMesh, sleep, startOwnMesh, until } from '@platform/testing';
import { ownChatBot } from './writers';

/**
 * Ten failing bots beside healthy ones (docs/contracts.md, "Events"): the healthy bots'
 * deliveries go on as if the others were not there.
 */
describe('delivery fairness', () => {
  let own: OwnMesh;
  const servers: FakeBot[] = [];

  beforeAll(async () => {
    own = await startOwnMesh();
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await own?.close();
  });

  async function botWithChat(answer: () => number) {
    const server = await fakeBot(answer);
    servers.push(server);
    const bot = await ownChatBot(own, server.url);
    const user = await ChatClient.connect({ apiUrl: `${own.mesh.url}/chat/${bot.webhookId}` });
    return { server, user };
  }

  it('delivers to healthy bots within a second (p99) while ten bots fail or hang', async () => {
    const failing = await Promise.all(Array.from({ length: 10 }, (_, i) => botWithChat(() => (i % 2 === 0 ? 500 : -1))));
    const healthy = await Promise.all(Array.from({ length: 3 }, () => botWithChat(() => 200)));

    // The failing bots get plenty to chew on, in many conversations each.
    await Promise.all(
      failing.map(async ({ user }) => {
        for (let c = 0; c < 4; c++) {
          const { conversation } = await user.createConversation({});
          for (let m = 0; m < 3; m++) await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: `doomed ${c}.${m}` } });
        }
      }),
    );
    await until(() => failing.every(({ server }) => server.received.length >= 4), 20000);

    const latencies: number[] = [];
    await Promise.all(
      healthy.map(async ({ server, user }) => {
        const { conversation } = await user.createConversation({});
        for (let m = 0; m < 15; m++) {
          const text = `healthy ${m}`;
          const { message } = await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text } });
          const acknowledged = Date.now();
          await until(() => server.received.some((r) => r.event.messageId === message.id), 10000);
          latencies.push(server.received.find((r) => r.event.messageId === message.id)!.at - acknowledged);
          await sleep(50);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1];
    process.stdout.write(`healthy delivery latency with 10 failing bots: p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p99 ${p99} ms\n`);
    expect(p99).toBeLessThan(1000);
    // The failing bots were being retried all along.
    expect(failing.filter(({ server }) => server.received.length > 4).length).toBeGreaterThan(0);
  });
});
