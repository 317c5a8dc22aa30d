import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOnMesh, e2e, expectErrorBody, Mesh, PrivateNats, raw } from '@platform/testing';

describe('GET /health', () => {
  it('answers 200 with every service reachable over NATS', async () => {
    const res = await raw('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      services: { runtime: 'ok', admin: 'ok', chat: 'ok', bots: 'ok', tables: 'ok', files: 'ok' },
      // The one-process platform has no NATS.
      jetstream: process.env.E2E_MODE === 'embedded' ? 'not used' : 'ok',
    });
  });

  describeOnMesh('on a NATS server without JetStream', () => {
    let nats: PrivateNats;
    let gateway: Mesh;

    beforeAll(async () => {
      nats = await PrivateNats.start(undefined, { jetstream: false });
      gateway = await Mesh.start(
        {
          databaseUrl: process.env.E2E_DATABASE_URL!,
          natsPrefix: `nojs_${randomBytes(3).toString('hex')}`,
          bootstrapToken: e2e.token,
          logDir: join(tmpdir(), 'bp-e2e-nojs'),
          env: { NATS_URL: nats.url },
        },
        ['gateway'],
      );
      await waitListening(gateway.url);
    });

    afterAll(async () => {
      await gateway?.stopAll();
      await nats?.kill();
    });

    it('is not ok, and says that JetStream is missing', async () => {
      const res = await fetch(`${gateway.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', jetstream: 'unavailable' });
    });
  });

  describe('with no service behind the gateway', () => {
    let lonely: Mesh;

    beforeAll(async () => {
      // A gateway under a subject prefix no service listens on: every service is "down".
      lonely = await Mesh.start(
        {
          databaseUrl: process.env.E2E_DATABASE_URL!,
          natsPrefix: `lonely_${randomBytes(3).toString('hex')}`,
          bootstrapToken: e2e.token,
          logDir: join(tmpdir(), 'bp-e2e-lonely'),
        },
        ['gateway'],
      );
      await waitListening(lonely.url);
    });

    afterAll(() => lonely.stopAll());

    it('answers 503 and names each unreachable service', async () => {
      const res = await fetch(`${lonely.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'degraded',
        version: expect.any(String),
        services: { runtime: 'unavailable', admin: 'unavailable', chat: 'unavailable', bots: 'unavailable', tables: 'unavailable', files: 'unavailable' },
        jetstream: 'ok',
      });
    });

    it('fails an operation fast with a clear 503 instead of hanging', async () => {
      const started = Date.now();
      const res = await fetch(`${lonely.url}/v1/admin/workspaces`, { headers: { authorization: `Bearer ${e2e.token}` } });
      const body = (await res.json()) as { message: string };
      expect(res.status).toBe(503);
      expectErrorBody(body, 503, 'Internal');
      expect(body.message).toMatch(/admin service/);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});

async function waitListening(url: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(`${url}/health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} never listened`);
}
