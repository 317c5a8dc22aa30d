import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, Mesh } from './mesh';
import { createTestDatabase, dropTestDatabase } from './test-database';

export interface OwnMesh {
  mesh: Mesh;
  token: string;
  close(): Promise<void>;
}

/**
 * A mesh of a test file's own, apart from the run's shared one: its own database (on the shared
 * Postgres, or at `databaseUrl`), its own NATS prefix (on the shared NATS, or the `NATS_URL` in
 * `env`), so the test may stop, kill or freeze its processes and servers without disturbing
 * other tests.
 */
export async function startOwnMesh(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<OwnMesh> {
  const runId = randomBytes(4).toString('hex');
  const database = `bp_test_own_${runId}`;
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase(database));
  const token = `bp_pat_own_${randomBytes(16).toString('hex')}`;
  const mesh = await Mesh.start({
    databaseUrl,
    natsPrefix: `own_${runId}`,
    bootstrapToken: token,
    logDir: join(tmpdir(), `bp-e2e-own-${runId}`),
    env: options.env,
  });
  return {
    mesh,
    token,
    close: async () => {
      await mesh.stopAll();
      if (!options.databaseUrl) await dropTestDatabase(database);
    },
  };
}

/**
 * A platform of a test file's own, started with settings of its own (`env`), in the run's mode: a
 * mesh beside the run's (as `startOwnMesh`), or with E2E_MODE=embedded the one-process platform on
 * an embedded database in a folder of its own. For suites that need settings the run's platform
 * does not have.
 */
export async function startOwnPlatform(options: { env?: Record<string, string> } = {}): Promise<OwnMesh> {
  if (process.env.E2E_MODE !== 'embedded') return startOwnMesh(options);
  const runId = randomBytes(4).toString('hex');
  const dataDir = join(tmpdir(), `bp-e2e-own-data-${runId}`);
  const token = `bp_pat_own_${randomBytes(16).toString('hex')}`;
  const mesh = await Mesh.start(
    {
      databaseUrl: '',
      natsPrefix: `own_${runId}`,
      bootstrapToken: token,
      logDir: join(tmpdir(), `bp-e2e-own-${runId}`),
      env: { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()), ...options.env },
    },
    ['platform'],
  );
  return {
    mesh,
    token,
    close: async () => {
      await mesh.stopAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
