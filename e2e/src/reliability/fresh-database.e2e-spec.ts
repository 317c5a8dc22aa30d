import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from '@platform/contracts';
import { createTestDatabase, dropTestDatabase, Mesh } from '@platform/testing';

/** Several replicas of every service started at once on a fresh database, as `docker compose up --scale` does. */
describe('replicas starting together on a fresh database', () => {
  const runId = randomBytes(4).toString('hex');
  const database = `bp_test_fresh_${runId}`;
  const logDir = join(tmpdir(), `bp-e2e-fresh-${runId}`);
  let mesh: Mesh;

  afterAll(async () => {
    await mesh?.stopAll();
    await dropTestDatabase(database);
  });

  it('migrate once, one after the other, and log no error or warning about it', async () => {
    const databaseUrl = await createTestDatabase(database);
    mesh = await Mesh.start({ databaseUrl, natsPrefix: `fresh_${runId}`, bootstrapToken: `bp_pat_fresh_${randomBytes(16).toString('hex')}`, logDir }, []);
    for (const service of SERVICES) for (const replica of [1, 2, 3]) mesh.spawn(service, `${service}#${replica}`);
    mesh.spawn('gateway');
    await mesh.waitHealthy(undefined, 90000);
    // Stopped, every process has written out its whole log.
    await mesh.stopAll();

    const problems = readdirSync(logDir)
      .flatMap((file) => readFileSync(join(logDir, file), 'utf8').split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg: string; path?: string })
      // Expected: no SECRETS_KEY is set here, and /health is 503 until every service is up.
      .filter((entry) => ['error', 'warn', 'fatal'].includes(entry.level) && !entry.msg.includes('SECRETS_KEY') && entry.path !== '/health');
    expect(problems).toEqual([]);
  });
});
