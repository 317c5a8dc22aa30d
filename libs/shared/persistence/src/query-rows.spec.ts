import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { RequestContext } from '@platform/logging';
import { PublishDeferral } from '@platform/messaging';
import { isDatabaseUnavailable } from './database-availability';
import { RequestTransactions } from './request-transactions';
import { queryRows } from './statements';
import { createTestDatabase, dropTestDatabase } from './test-databases';

describe('queryRows (on Postgres)', () => {
  const database = `query_rows_${randomBytes(6).toString('hex')}`;
  let DATABASE_URL: string;
  let dataSource: DataSource;
  const pool = () => (dataSource.driver as PostgresDriver).master as Pool;

  beforeAll(async () => {
    DATABASE_URL = await createTestDatabase(database);
  });
  afterAll(() => dropTestDatabase(database));

  beforeEach(async () => {
    dataSource = await new DataSource({ type: 'postgres', url: DATABASE_URL, extra: { max: 2 } }).initialize();
  });
  afterEach(() => dataSource.destroy());

  it('answers the rows of a statement and gives its connection back to the pool', async () => {
    expect(await queryRows(dataSource.manager, 'SELECT $1::int + 1 AS n', [1])).toEqual([{ n: 2 }]);
    expect(await queryRows(dataSource.manager, 'SELECT n FROM generate_series(1, $1::int) n WHERE n > $2', [3, 3])).toEqual([]);
    await queryRows(dataSource.manager, 'CREATE TABLE query_rows_spec (v int)', []);
    await queryRows(dataSource.manager, 'INSERT INTO query_rows_spec VALUES ($1)', [1]);
    expect(await queryRows(dataSource.manager, 'UPDATE query_rows_spec SET v = v + 1 WHERE v = $1 RETURNING v', [1])).toEqual([{ v: 2 }]);
    expect(pool().totalCount).toBe(pool().idleCount);
  });

  it("answers a refused statement with Postgres's error and keeps the connection", async () => {
    await queryRows(dataSource.manager, 'SELECT 1 AS one', []);
    const [pid] = await queryRows(dataSource.manager, 'SELECT pg_backend_pid() AS pid', []);
    await expect(queryRows(dataSource.manager, 'SELECT 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await queryRows(dataSource.manager, 'SELECT pg_backend_pid() AS pid', [])).toEqual([pid]);
    expect(pool().totalCount).toBe(1);
  });

  it('fails the statement of a connection lost under it, as the database being unavailable, and drops the connection', async () => {
    const [{ pid }] = await queryRows(dataSource.manager, 'SELECT pg_backend_pid() AS pid', []);
    const running = queryRows(dataSource.manager, 'SELECT pg_sleep(5)', []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const admin = new Pool({ connectionString: DATABASE_URL, max: 1 });
    await admin.query('SELECT pg_terminate_backend($1)', [pid]).finally(() => admin.end());
    const error = await running.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The process is still here (the lost connection's error was listened to), and serves on a new connection.
    const [{ pid: next }] = await queryRows(dataSource.manager, 'SELECT pg_backend_pid() AS pid', []);
    expect(next).not.toBe(pid);
  });

  it("runs in the manager's transaction when it is a transaction's", async () => {
    await dataSource.transaction(async (manager) => {
      await queryRows(manager, 'CREATE TEMP TABLE seen (v int) ON COMMIT DROP', []);
      await queryRows(manager, 'INSERT INTO seen VALUES ($1)', [7]);
      expect(await queryRows(manager, 'SELECT v FROM seen WHERE v = $1', [7])).toEqual([{ v: 7 }]);
      // Rows alone, as outside a transaction, from an UPDATE or DELETE too.
      expect(await queryRows(manager, 'UPDATE seen SET v = v + 1 WHERE v = $1 RETURNING v', [7])).toEqual([{ v: 8 }]);
      expect(await queryRows(manager, 'DELETE FROM seen WHERE v = $1 RETURNING v', [7])).toEqual([]);
    });
  });

  it("runs on the request transaction's connection while one is open, and on a connection of its own after", async () => {
    const transactions = new RequestTransactions(dataSource);
    const pidOf = async () => (await queryRows(dataSource.manager, 'SELECT pg_backend_pid() AS pid', []))[0].pid;
    await transactions.run(async (runner) => {
      await queryRows(dataSource.manager, 'CREATE TEMP TABLE pending (v int) ON COMMIT DROP', []);
      await queryRows(dataSource.manager, 'INSERT INTO pending VALUES ($1)', [1]);
      const [{ pid }] = (await runner.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>;
      expect(await pidOf()).toBe(pid);
      expect(await queryRows(dataSource.manager, 'SELECT v FROM pending WHERE v = $1', [1])).toEqual([{ v: 1 }]);
    });
    expect(await queryRows(dataSource.manager, `SELECT to_regclass('pending') IS NULL AS gone`, [])).toEqual([{ gone: true }]);
  });

  // On Node 20 each async-local store entered makes every later promise of the process pay to carry it.
  it("keeps a request transaction, and the notices it holds back, in the request context's one store", async () => {
    const entered = new Set<AsyncLocalStorage<unknown>>();
    const original = AsyncLocalStorage.prototype.run;
    jest.spyOn(AsyncLocalStorage.prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args: unknown[]) {
      entered.add(this);
      return Reflect.apply(original, this, args) as never;
    });
    try {
      await RequestContext.run('req-1', () =>
        new RequestTransactions(dataSource).run(async () => {
          await PublishDeferral.publish(async () => undefined);
          expect(RequestContext.requestId()).toBe('req-1');
          expect(RequestTransactions.isOpen()).toBe(true);
        }),
      );
    } finally {
      jest.restoreAllMocks();
    }
    expect(entered.size).toBe(1);
  });
});
