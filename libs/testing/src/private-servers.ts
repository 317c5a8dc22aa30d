import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './mesh';

/**
 * Servers of a test's own, on ports of their own, for tests that stop, kill or restart them:
 * the shared Postgres and NATS of the machine are never touched.
 */

const NATS_SERVER = '/usr/sbin/nats-server';

/** A NATS server with JetStream, optionally requiring a user and password. */
export class PrivateNats {
  private process?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly auth?: { user: string; pass: string },
    private readonly jetstream = true,
  ) {}

  /** A NATS server of the caller's own; `{ jetstream: false }` for one without JetStream. */
  static async start(auth?: { user: string; pass: string }, options: { jetstream?: boolean } = {}): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), mkdtempSync(join(tmpdir(), 'bp-nats-')), auth, options.jetstream ?? true);
    await nats.start();
    return nats;
  }

  /** The address services connect to (credentials go in their settings, not here). */
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['-a', '127.0.0.1', '-p', String(this.port), ...(this.jetstream ? ['-js', '-sd', join(this.dir, 'js')] : [])];
    if (this.auth) args.push('--user', this.auth.user, '--pass', this.auth.pass);
    this.process = spawn(NATS_SERVER, args, { stdio: 'ignore' });
    await waitForPort(this.port);
  }

  /** Stops the server (SIGKILL: what a crash looks like to its clients). */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async restart(downMs = 0): Promise<void> {
    await this.kill();
    if (downMs > 0) await sleep(downMs);
    await this.start();
  }

  async close(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Postgres cluster of its own (initdb), trusting local connections, stoppable at will. */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const versions = readdirSync('/usr/lib/postgresql').sort();
    const bin = join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
    const dir = mkdtempSync(join(tmpdir(), 'bp-pg-'));
    chmodSync(dir, 0o755);
    const pg = new PrivatePostgres(await freePort(), join(dir, 'data'), bin);
    mkdirSync(pg.dir);
    asPostgresOwner(dir);
    pg.run('initdb', ['-D', pg.dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.dir,
      '-w',
      '-l',
      join(this.dir, '..', 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    await waitForPort(this.port);
  }

  /** Stops the server at once, dropping every connection (what an outage looks like to clients). */
  async stop(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dir, '-w', '-m', 'immediate', 'stop']);
  }

  async close(): Promise<void> {
    if (existsSync(join(this.dir, 'postmaster.pid'))) await this.stop();
    rmSync(join(this.dir, '..'), { recursive: true, force: true });
  }

  /** Postgres refuses to run as root: as root, its tools run as the `postgres` user. */
  private run(tool: string, args: string[]): void {
    const command = join(this.bin, tool);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
    else execFileSync(command, args, { stdio: 'ignore' });
  }
}

function asPostgresOwner(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  for (const path of [dir, join(dir, 'data')]) chownSync(path, uid, gid);
}

async function waitForPort(port: number, timeoutMs = 20000): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on port ${port}`);
    await sleep(50);
  }
}
