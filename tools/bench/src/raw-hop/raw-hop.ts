import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@platform/testing';
import { Operation } from '../load';

export interface RawHop {
  url: string;
  operation: Operation;
  /** Pids of its processes by name, for their CPU time. */
  pids: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The anchor of `npm run bench`: a minimal node:http gateway → NATS request/reply → Node service +
 * Postgres primary-key read, as separate processes on the same machine, NATS and Postgres as the
 * mesh, driven by the same load generator.
 */
export async function startRawHop(databaseUrl: string, natsPrefix: string): Promise<RawHop> {
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, NATS_PREFIX: natsPrefix, PORT: String(port) };
  const service = await started(spawn(process.execPath, [join(__dirname, 'raw-service.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] }));
  const gateway = await started(spawn(process.execPath, [join(__dirname, 'raw-gateway.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] }));
  return {
    url: `http://127.0.0.1:${port}`,
    operation: { name: 'raw hop: pk read', method: 'GET', path: '/items/item_42', headers: {} },
    pids: { 'raw gateway': gateway.pid!, 'raw service': service.pid! },
    stop: async () => {
      for (const child of [gateway, service]) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * Resolves once the process printed a `ready` line; what it prints after (a gateway's access
 * lines) is read and dropped.
 */
export function started(child: ChildProcess): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`A bench process exited (${code}) before it was ready`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line !== 'ready') return;
      child.removeAllListeners('exit');
      lines.removeAllListeners('line');
      resolve(child);
    });
  });
}
