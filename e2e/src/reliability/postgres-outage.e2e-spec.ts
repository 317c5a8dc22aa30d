import { OwnMesh, PrivatePostgres, raw, sleep, startOwnMesh } from '@platform/testing';
import { ownChatBot, writeThroughOutage } from './writers';

/** The mesh on a Postgres of its own, stopped and started again under load. */
describe('Postgres outage', () => {
  let postgres: PrivatePostgres;
  let own: OwnMesh;

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
    own = await startOwnMesh({ databaseUrl: postgres.url });
  });

  afterAll(async () => {
    await own?.close();
    await postgres?.close();
  });

  it('answers a retryable 503 fast and reports itself degraded while the database is down; loses no acknowledged write', async () => {
    const bot = await ownChatBot(own);
    await writeThroughOutage(own, bot, {
      breakIt: () => postgres.stop(),
      duringOutage: async () => {
        await sleep(500);
        for (let i = 0; i < 3; i++) {
          const started = Date.now();
          const res = await raw('GET', `${own.mesh.url}/v1/chat/conversations/${bot.conversationId}`, {
            headers: { authorization: `Bearer ${own.token}`, 'x-bot-id': bot.botId },
          });
          // Within the database's connection timeout (2 s), never the request timeout.
          expect(Date.now() - started).toBeLessThan(3000);
          expect(res.status).toBe(503);
          expect(res.json).toMatchObject({ code: 503, type: 'Internal', message: expect.stringMatching(/cannot reach its database/) });
          expect(res.headers['retry-after']).toBeDefined();
        }
        const health = await raw('GET', `${own.mesh.url}/health`);
        expect(health.status).toBe(503);
        expect(health.json).toMatchObject({ status: 'degraded', services: { runtime: 'degraded', admin: 'degraded' } });
      },
      restore: () => postgres.start(),
    });
  });
});
