import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface EmbeddedPostgresOptions {
  /** Folder keeping the database files; created if missing. */
  dataDir: string;
  /** Local port to serve on; 0 for any free one. */
  port: number;
  /** Connections served at once: every pool of the process together. */
  maxConnections: number;
}

/** The longest a first start (which creates the database files) may take. */
const START_TIMEOUT_MS = 60000;

/**
 * An embedded Postgres for the one-process platform: PGlite in a worker thread, reachable at
 * `url` by the same `pg` pools, TypeORM entities and migrations as a Postgres server.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly worker: Worker,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    const worker = new Worker(join(__dirname, 'embedded-postgres.worker.js'), { workerData: { ...options, dataDir } });
    const port = await new Promise<number>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`The embedded database in ${dataDir} did not start within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      worker.once('message', (message: { port?: number; error?: string }) => {
        clearTimeout(timer);
        if (message.port) done(message.port);
        else fail(new Error(`The embedded database in ${dataDir} cannot start: ${message.error}`));
      });
      worker.once('error', (error) => fail(error));
      worker.once('exit', (code) => fail(new Error(`The embedded database in ${dataDir} stopped (exit code ${code})`)));
    });
    return new EmbeddedPostgres(worker, port);
  }

  /** Closes the database cleanly (its files are complete on disk afterwards). */
  async stop(): Promise<void> {
    const exited = new Promise<void>((done) => this.worker.once('exit', () => done()));
    this.worker.postMessage('stop');
    await exited;
  }
}
