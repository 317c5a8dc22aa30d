import './support/source-paths';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { dropTestDatabase, Mesh } from '@platform/testing';

export default async function globalTeardown(): Promise<void> {
  const mesh = (globalThis as Record<string, unknown>).__E2E_MESH__ as Mesh | undefined;
  await mesh?.stopAll();
  printServiceErrors(process.env.E2E_LOG_DIR);
  // The deployed bots' files, in the bots service's default folder for the run's prefix.
  rmSync(join(tmpdir(), `bp-bots-${process.env.E2E_NATS_PREFIX}`), { recursive: true, force: true });
  if (process.env.E2E_MODE === 'embedded') {
    rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
    return;
  }
  if (process.env.E2E_DATABASE) await dropTestDatabase(process.env.E2E_DATABASE);
  await removeJetStreamResources(process.env.E2E_NATS_PREFIX);
}

/** Deletes the run's JetStream streams and stores (their names start with the prefix). */
async function removeJetStreamResources(prefix: string | undefined): Promise<void> {
  if (!prefix) return;
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (name.includes(prefix)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

/** At most this many of the services' error lines are printed, each cut to this length. */
const PRINTED_ERRORS = 40;
const PRINTED_LENGTH = 600;

/**
 * The errors the services logged during the run (not the gateway's line per request), with their
 * request ids: a failure seen only on a CI machine can be traced from its output, as the log
 * folder does not outlive the machine.
 */
function printServiceErrors(logDir: string | undefined): void {
  if (!logDir || !existsSync(logDir)) return;
  const errors: string[] = [];
  for (const file of readdirSync(logDir).filter((name) => name.endsWith('.log'))) {
    for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
      if (line.includes('"level":"error"') && !line.includes('"msg":"request"')) errors.push(`${file}: ${line.slice(0, PRINTED_LENGTH)}`);
    }
  }
  if (errors.length === 0) return;
  process.stdout.write(`\nThe services logged ${errors.length} errors (logs in ${logDir}); the first ${Math.min(errors.length, PRINTED_ERRORS)}:\n`);
  process.stdout.write(`${errors.slice(0, PRINTED_ERRORS).join('\n')}\n`);
}
