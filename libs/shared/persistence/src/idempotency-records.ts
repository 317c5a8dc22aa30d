import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { PlatformConfig } from '@platform/config';
import { ApiError, Errors } from '@platform/contracts';
import { IdempotencyStore, IdempotentRequest, Reply, resultOf } from '@platform/messaging';
import { RequestTransactions } from './request-transactions';
import { isDatabaseUnavailable } from './database-availability';

/** How long a first answer is kept for retries. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** The table of first answers, in the schema of every service that keeps data. */
export function idempotencyMigration(schema: string): new () => MigrationInterface {
  return class IdempotencyKeys1733250000000 implements MigrationInterface {
    name = 'IdempotencyKeys1733250000000';

    async up(q: QueryRunner): Promise<void> {
      await q.query(`CREATE TABLE "${schema}"."idempotency_keys" (
        "scope" text NOT NULL,
        "key" text NOT NULL,
        "fingerprint" text NOT NULL,
        "answer" jsonb,
        "claimed_at" timestamptz NOT NULL,
        PRIMARY KEY ("scope", "key"))`);
      await q.query(`CREATE INDEX "idempotency_keys_by_age" ON "${schema}"."idempotency_keys" ("claimed_at")`);
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."idempotency_keys"`);
    }
  };
}

interface KeptRow {
  fingerprint: string;
  /** The first answer to the request, as it crossed the bus (`Reply`): a result, or a refusal (4xx). */
  answer: Reply | null;
}

/** SQLSTATE of a lock wait that ran out (`lock_timeout`). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * First answers of idempotent requests in the service's own schema, kept 24 hours.
 *
 * The work of a first request runs in one transaction with the row that records its key and
 * answer (`RequestTransactions`): both are there, or neither — a process dying half way leaves
 * nothing, and a retry does the work. A retry arriving while the first is being served waits for
 * its outcome on the row's lock (at most the request timeout), then answers as it did.
 */
@Injectable()
export class IdempotencyRecords extends IdempotencyStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;
  private readonly transactions: RequestTransactions;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: PlatformConfig,
  ) {
    super();
    this.transactions = new RequestTransactions(dataSource, { singleSession: config.singleSessionDatabase });
  }

  private get schema(): string {
    return (this.dataSource.options as { schema?: string }).schema ?? 'public';
  }

  private get table(): string {
    return `"${this.schema}"."idempotency_keys"`;
  }

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  async once(request: IdempotentRequest, work: () => Promise<unknown>): Promise<unknown> {
    let outcome: { kind: 'done'; result: unknown } | { kind: 'kept'; row: KeptRow };
    try {
      outcome = await this.transactions.run(async (runner) => {
        await runner.query(`SET LOCAL lock_timeout = ${Math.max(100, this.config.requestTimeoutMs)}`);
        const claimed = (await runner.query(
          `INSERT INTO ${this.table} ("scope", "key", "fingerprint", "claimed_at") VALUES ($1, $2, $3, now())
           ON CONFLICT ("scope", "key") DO NOTHING RETURNING 1`,
          [request.scope, request.key, request.fingerprint],
        )) as unknown[];
        if (claimed.length === 0) return { kind: 'kept' as const, row: await this.kept(runner, request) };
        const result = (await work()) ?? null;
        await runner.query(`UPDATE ${this.table} SET "answer" = $3 WHERE "scope" = $1 AND "key" = $2`, [
          request.scope,
          request.key,
          JSON.stringify({ result } satisfies Reply),
        ]);
        return { kind: 'done' as const, result };
      });
    } catch (error) {
      throw await this.failed(request, error);
    }
    if (outcome.kind === 'done') return outcome.result;
    // A retry: it must ask what the first request asked, and gets what it got.
    const { fingerprint, answer } = outcome.row;
    if (fingerprint !== request.fingerprint) throw Errors.idempotencyKeyReused();
    if (!answer) throw Errors.idempotencyKeyInUse();
    return resultOf(answer);
  }

  private async kept(runner: QueryRunner, request: IdempotentRequest): Promise<KeptRow> {
    const [row] = (await runner.query(`SELECT "fingerprint", "answer" FROM ${this.table} WHERE "scope" = $1 AND "key" = $2`, [
      request.scope,
      request.key,
    ])) as KeptRow[];
    return row;
  }

  /**
   * What a failure becomes. A refusal (4xx) of the work is the first answer too, kept once its
   * transaction is undone; anything else leaves no trace, so a retry does the work.
   */
  private async failed(request: IdempotentRequest, error: unknown): Promise<unknown> {
    if ((error as { code?: string })?.code === LOCK_NOT_AVAILABLE || (error as { driverError?: { code?: string } })?.driverError?.code === LOCK_NOT_AVAILABLE) {
      return Errors.idempotencyKeyInUse();
    }
    if (isDatabaseUnavailable(error)) return Errors.databaseUnavailable(this.schema);
    if (error instanceof ApiError && error.code < 500) {
      await this.dataSource
        .query(
          `INSERT INTO ${this.table} ("scope", "key", "fingerprint", "answer", "claimed_at") VALUES ($1, $2, $3, $4, now())
           ON CONFLICT ("scope", "key") DO NOTHING`,
          [request.scope, request.key, request.fingerprint, JSON.stringify({ error: error.toWire() } satisfies Reply)],
        )
        .catch(() => undefined);
    }
    return error;
  }

  private async sweep(): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${this.table} WHERE "claimed_at" < $1`, [new Date(Date.now() - KEEP_MS)]);
  }
}
