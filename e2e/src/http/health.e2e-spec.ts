import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2e, expectErrorBody, Mesh, raw } from '@platform/testing';

describe('GET /health', () => {
  it('answers 200 with every service reachable over NATS', async () => {
    const res = await raw('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', services: { runtime: 'ok', admin: 'ok', chat: 'ok', bots: 'ok', files: 'ok' } });
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
        services: { runtime: 'unavailable', admin: 'unavailable', chat: 'unavailable', bots: 'unavailable', files: 'unavailable' },
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
