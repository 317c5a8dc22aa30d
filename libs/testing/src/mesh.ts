import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { SERVICES as SERVICE_NAMES } from '@platform/contracts';

/** The repository root, whether this file runs from source (tests) or from dist/ (bench). */
export function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
const ROOT = repositoryRoot();
const SERVICES: string[] = [...SERVICE_NAMES];

export interface MeshSettings {
  /** Postgres of the mesh; empty for the one-process platform's embedded database. */
  databaseUrl: string;
  natsPrefix: string;
  bootstrapToken: string;
  /** Folder receiving one log file per process. */
  logDir: string;
  port?: number;
  /** Settings every process of this mesh gets (e.g. `NATS_URL` of a private NATS server). */
  env?: Record<string, string>;
}

/**
 * The real platform as processes built from dist/, for end-to-end tests: the gateway and each
 * service can be started, stopped, killed and replicated independently.
 */
export class Mesh {
  private readonly processes = new Map<string, ChildProcess>();

  private constructor(readonly settings: MeshSettings & { port: number }) {}

  get url(): string {
    return `http://127.0.0.1:${this.settings.port}`;
  }

  static async start(settings: MeshSettings, apps = [...SERVICES, 'gateway']): Promise<Mesh> {
    mkdirSync(settings.logDir, { recursive: true });
    const mesh = new Mesh({ ...settings, port: settings.port ?? (await freePort()) });
    for (const app of apps) mesh.spawn(app);
    // The one-process platform serves every service behind its own gateway.
    if (apps.includes('platform')) await mesh.waitHealthy(SERVICES);
    else if (apps.includes('gateway')) await mesh.waitHealthy(apps.filter((a) => a !== 'gateway'));
    return mesh;
  }

  /**
   * The mesh of the current e2e run (started by the global setup), to add replicas or extra
   * processes from a test. Processes spawned through it belong to the caller to stop.
   */
  static current(logDir = process.env.E2E_LOG_DIR!): Mesh {
    return new Mesh({
      databaseUrl: process.env.E2E_DATABASE_URL!,
      natsPrefix: process.env.E2E_NATS_PREFIX!,
      bootstrapToken: process.env.E2E_TOKEN!,
      logDir,
      port: Number(process.env.E2E_PORT),
    });
  }

  /** Starts one process of `app` under `name` (e.g. `chat#2` for a second replica). */
  spawn(app: string, name = app, env: Record<string, string> = {}): ChildProcess {
    if (this.processes.has(name)) throw new Error(`${name} is already running`);
    const log = createWriteStream(this.logFile(name), { flags: 'a' });
    // Without a database url, nothing of the caller's environment may name one either.
    const { DATABASE_URL: _database, NATS_URL: _nats, ...inherited } = process.env;
    const stores = this.settings.databaseUrl ? { DATABASE_URL: this.settings.databaseUrl } : {};
    // MESH_NODE_FLAGS adds node flags to every process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench run.
    const nodeFlags = process.env.MESH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeFlags, '-r', join(ROOT, 'tools', 'register-paths.js'), join(ROOT, 'dist', 'apps', app, 'src', 'main.js')], {
      env: {
        ...(this.settings.databaseUrl ? process.env : inherited),
        ...stores,
        NATS_PREFIX: this.settings.natsPrefix,
        BOOTSTRAP_TOKEN: this.settings.bootstrapToken,
        PORT: String(this.settings.port),
        LOG_LEVEL: 'log',
        ...this.settings.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    child.on('exit', () => this.processes.get(name) === child && this.processes.delete(name));
    this.processes.set(name, child);
    return child;
  }

  /**
   * What a process the mesh started has logged so far ('' before its first line). Processes write
   * their log in batches (every 200 ms at most), so a test waits for the line it looks for.
   */
  log(name: string): string {
    try {
      return readFileSync(this.logFile(name), 'utf8');
    } catch {
      return '';
    }
  }

  /**
   * The lines of a process's log, from offset `since` on, in which it handled a request for
   * `operation` under `requestId` (its debug line per request, so at `LOG_LEVEL=debug`). The id is
   * the caller's `x-request-id`: it tells a test's own calls from those of the other test files,
   * which share the mesh.
   */
  handled(name: string, operation: string, requestId: string, since = 0): string[] {
    return this.log(name)
      .slice(since)
      .split('\n')
      .filter((line) => line.includes(`"operation":"${operation}"`) && line.includes(`"requestId":"${requestId}"`));
  }

  private logFile(name: string): string {
    return join(this.settings.logDir, `${name.replace('#', '-')}.log`);
  }

  /** The pid of a process the mesh started. */
  pid(name: string): number | undefined {
    return this.processes.get(name)?.pid;
  }

  /**
   * Stops a process the way an orchestrator does (SIGTERM, then SIGKILL after 10 s), or kills it
   * outright; answers how it ended and whether it had to be killed.
   */
  async stop(name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; forced: boolean } | undefined> {
    const child = this.processes.get(name);
    if (!child) return undefined;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    let forced = false;
    const force = setTimeout(() => {
      forced = true;
      child.kill('SIGKILL');
    }, 10000);
    const code = await exited;
    clearTimeout(force);
    return { code, forced };
  }

  /** Sends a signal to a running process without waiting (e.g. SIGSTOP and SIGCONT to freeze it). */
  signal(name: string, signal: NodeJS.Signals): void {
    const child = this.processes.get(name);
    if (!child) throw new Error(`${name} is not running`);
    child.kill(signal);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.processes.keys()].map((name) => this.stop(name)));
  }

  /** Waits until the gateway answers /health with the given services up. */
  async waitHealthy(services: string[] = SERVICES, timeoutMs = 60000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`${this.url}/health`);
        const body = (await res.json()) as { services: Record<string, string> };
        if (services.every((s) => body.services[s] === 'ok')) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The mesh did not become healthy; see logs in ${this.settings.logDir}`);
      await sleep(200);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
