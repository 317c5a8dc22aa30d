import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { OwnMesh, PrivateNats, raw, sleep, startOwnMesh } from '@platform/testing';
import { ownChatBot, writeThroughOutage } from './writers';

/**
 * The mesh on a NATS server of its own that requires the services' credentials, stopped and
 * restarted under load (docs/contracts.md, "Errors" and "Idempotency").
 */
describe('NATS: authentication and outage', () => {
  const credentials = { user: 'platform', pass: `pw-${randomBytes(8).toString('hex')}` };
  let nats: PrivateNats;
  let own: OwnMesh;

  beforeAll(async () => {
    nats = await PrivateNats.start(credentials);
    own = await startOwnMesh({ env: { NATS_URL: nats.url, NATS_USER: credentials.user, NATS_PASSWORD: credentials.pass, REQUEST_TIMEOUT_MS: '3000' } });
  });

  afterAll(async () => {
    await own?.close();
    await nats?.close();
  });

  it('serves the platform over a NATS that admits only the services', async () => {
    const health = await raw('GET', `${own.mesh.url}/health`);
    expect(health.status).toBe(200);
    for (const attempt of [{}, { user: credentials.user, pass: 'wrong-password' }]) {
      await expect(connect({ servers: nats.url, reconnect: false, ...attempt })).rejects.toThrow(/Authorization/i);
    }
  });

  it('answers 503 at once while NATS is down, recovers when it is back, and loses no acknowledged write', async () => {
    const bot = await ownChatBot(own);
    await writeThroughOutage(own, bot, {
      breakIt: () => nats.kill(),
      duringOutage: async () => {
        await sleep(300);
        // With the bus gone, every request is a 503 naming the bus, answered at once.
        for (let i = 0; i < 5; i++) {
          const started = Date.now();
          const res = await raw('GET', `${own.mesh.url}/v1/chat/users`, { headers: { authorization: `Bearer ${own.token}`, 'x-bot-id': bot.botId } });
          expect(Date.now() - started).toBeLessThan(100);
          expect(res.status).toBe(503);
          expect(res.json).toMatchObject({ code: 503, type: 'Internal', message: 'The message bus (NATS) is unreachable' });
          expect(res.headers['retry-after']).toBe('1');
        }
        await sleep(1500);
      },
      restore: () => nats.start(),
    });
  });
});
