import { fakeBot, FakeBot, OwnMesh, sleep, startOwnMesh, until } from '@platform/testing';
import { ownChatBot } from './writers';

/**
 * Scheduled items live in Postgres, not in a process: what was due while the runtime was down
 * fires when it is back, once, in due order, on a mesh of this file's own.
 */
describe('scheduled items across a runtime restart', () => {
  let own: OwnMesh;
  let bot: FakeBot;

  beforeAll(async () => {
    own = await startOwnMesh();
    bot = await fakeBot(() => 200);
  });

  afterAll(async () => {
    await bot?.stop();
    await own?.close();
  });

  it('fires events and a message that fell due during the outage once the runtime is back, each once, in due order', async () => {
    const { botId, conversationId, runtime } = await ownChatBot(own, bot.url);
    const ids: string[] = [];
    // Asked for in the reverse of the order they are due; all fall due while the runtime is down.
    for (const delay of [1200, 900, 600]) {
      ids.push((await runtime.createEvent({ type: 'reminder', payload: { delay }, conversationId, schedule: { delay } })).event.id);
    }
    const { message } = await runtime.createMessage({
      conversationId,
      userId: botId,
      type: 'text',
      payload: { text: 'while away' },
      tags: {},
      schedule: { delay: 700 },
    });

    await own.mesh.stop('runtime', 'SIGKILL');
    await sleep(1500);
    expect(bot.received).toHaveLength(0);
    own.mesh.spawn('runtime');
    await own.mesh.waitHealthy(['runtime'], 30000);

    await until(() => ids.every((id) => bot.received.some((d) => d.event.id === id)), 10000);
    expect(bot.received.map((d) => d.event.id).slice(0, 3)).toEqual([...ids].reverse());
    await until(async () => (await runtime.listMessages({ conversationId })).messages.some((m) => m.id === message.id), 5000);

    // The restarted runtime fires new items on time too.
    const asked = Date.now();
    const late = (await runtime.createEvent({ type: 'reminder', payload: {}, conversationId, schedule: { delay: 1500 } })).event.id;
    await until(() => bot.received.some((d) => d.event.id === late), 5000);
    const lateDelivery = bot.received.find((d) => d.event.id === late)!;
    expect(lateDelivery.at).toBeGreaterThanOrEqual(asked + 1500);
    expect(lateDelivery.at - asked).toBeLessThan(2500);
    // Each once.
    expect(bot.received.map((d) => d.event.id).sort()).toEqual([...ids, late].sort());
  });
});
