import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { PlatformConfig } from '@platform/config';

/** Connections that only wait for and hold locks; more concurrent lockers queue for one. */
const LOCK_CONNECTIONS = 4;

/**
 * Runs work under a Postgres advisory lock on a key, so that replicas of the service do one
 * thing at a time for that key. The lock is held on a connection of a pool of its own: taken
 * from the pool the work uses, waiting callers could hold every connection while the holder's
 * work waits for one.
 */
@Injectable()
export class KeyLock implements OnApplicationShutdown {
  private readonly logger = new Logger('KeyLock');
  private readonly pool: Pool;
  /** The last work queued per key, when locks are taken in this process (`inProcess`). */
  private readonly local = new Map<string, Promise<void>>();

  constructor(private readonly config: PlatformConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: LOCK_CONNECTIONS,
      idleTimeoutMillis: 30000,
      connectionTimeoutMillis: 5000,
      application_name: 'runtime-locks',
    });
    // An idle connection dropped by the server must not take the process down.
    this.pool.on('error', (error) => this.logger.warn(`Lock connection lost: ${error.message}`));
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.config.singleSessionDatabase) return this.inProcess(key, work);
    const client = await this.pool.connect();
    let healthy = true;
    try {
      // A transaction-scoped lock ends with the transaction, or with the connection if the process dies.
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(this.config.requestTimeoutMs))}`);
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
      return await work();
    } finally {
      await client.query('ROLLBACK').catch(() => (healthy = false));
      client.release(!healthy);
    }
  }

  /**
   * On a single-session database the only process is this one: work of one key waits for the
   * previous work of that key here, as a lock held on a connection of its own would hold the
   * database's one session while the work waits for it.
   */
  private inProcess<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.local.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.local.set(key, settled);
    void settled.then(() => this.local.get(key) === settled && this.local.delete(key));
    return result;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
