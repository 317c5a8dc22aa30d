import './support/source-paths';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePort, Mesh } from '@platform/testing';

/** Starts one mesh for the e2e run; its address reaches the test workers through the environment. */
export default async function globalSetup(): Promise<void> {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  // E2E_MODE=embedded runs the suite against the one-process platform on its embedded database.
  const embedded = process.env.E2E_MODE === 'embedded';
  const database = `bp_test_${runId}`;
  const embeddedPort = embedded ? await freePort() : 0;
  const databaseUrl = embedded ? `postgres://postgres@127.0.0.1:${embeddedPort}/postgres` : await createTestDatabase(database);
  const settings = {
    databaseUrl: embedded ? '' : databaseUrl,
    natsPrefix: `test_${runId}`,
    bootstrapToken: `bp_pat_test_${randomBytes(16).toString('hex')}`,
    logDir: join(tmpdir(), `bp-e2e-${runId}`),
  };
  // Idle live streams carry a keep-alive every half second, so tests can observe it.
  process.env.LISTEN_KEEPALIVE_MS = '500';
  // Retries fast enough for a test to watch a bot go down and come back.
  process.env.EVENT_RETRY_BASE_MS = '100';
  process.env.EVENT_RETRY_MAX_MS = '1000';
  process.env.EVENT_MAX_ATTEMPTS = '40';
  // Lanes of a replica that died are taken over after two seconds.
  process.env.DELIVERY_LEASE_MS = '2000';
  // The tests' bots listen on this machine.
  process.env.DELIVERY_ALLOWED_NETWORKS = '127.0.0.0/8';
  process.env.DELIVERY_TIMEOUT_MS = '2000';
  // A stalled upload is given up after a second, so tests can watch it happen.
  process.env.BODY_IDLE_TIMEOUT_MS = '1000';
  // The suite sends far more than a client would from one address; rate limits are tested on
  // gateways of their own (http/rate-limits.e2e-spec.ts).
  process.env.RATE_LIMIT_PER_CLIENT = '0';
  process.env.RATE_LIMIT_PER_CREDENTIAL = '0';
  process.env.RATE_LIMIT_AUTH_FAILURES = '0';
  // Deployed bots: a small heap so a leaking bot hits its cap fast, a short time limit per event
  // (within DELIVERY_TIMEOUT_MS), quick restarts, and a dead replica's bots taken over in two seconds.
  process.env.BOT_MEMORY_MB = '96';
  process.env.BOT_EVENT_TIMEOUT_MS = '1500';
  process.env.BOT_RESTART_BASE_MS = '200';
  process.env.BOT_RESTART_MAX_MS = '1000';
  process.env.BOT_LEASE_MS = '2000';
  if (embedded) {
    process.env.DATA_DIR = join(tmpdir(), `bp-e2e-data-${runId}`);
    process.env.EMBEDDED_DATABASE_PORT = String(embeddedPort);
  }
  const mesh = await Mesh.start(settings, embedded ? ['platform'] : undefined);
  Object.assign(process.env, {
    E2E_URL: mesh.url,
    E2E_PORT: String(mesh.settings.port),
    E2E_DATABASE: embedded ? '' : database,
    E2E_DATABASE_URL: databaseUrl,
    E2E_NATS_PREFIX: settings.natsPrefix,
    E2E_TOKEN: settings.bootstrapToken,
    E2E_LOG_DIR: settings.logDir,
  });
  (globalThis as Record<string, unknown>).__E2E_MESH__ = mesh;
  process.stdout.write(`\ne2e mesh at ${mesh.url}, logs in ${settings.logDir}\n`);
}
