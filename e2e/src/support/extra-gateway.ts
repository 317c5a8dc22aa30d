import { randomBytes } from 'node:crypto';
import { freePort, Mesh, until } from '@platform/testing';

/** A second gateway of the run's mesh with settings of its own (an empty value restores a setting's default). */
export async function startGateway(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const mesh = Mesh.current();
  const name = `gateway#${randomBytes(2).toString('hex')}`;
  const port = await freePort();
  mesh.spawn('gateway', name, { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/health`).then(
        (res) => res.status === 200,
        () => false,
      ),
    30000,
  );
  return { url, stop: async () => void (await mesh.stop(name)) };
}
