import './support/source-paths';
import { rmSync } from 'node:fs';
import { connect } from 'nats';
import { dropTestDatabase, Mesh } from '@platform/testing';

export default async function globalTeardown(): Promise<void> {
  const mesh = (globalThis as Record<string, unknown>).__E2E_MESH__ as Mesh | undefined;
  await mesh?.stopAll();
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
