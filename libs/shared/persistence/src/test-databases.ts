import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ensureSchema } from './database-schema';

/** The server tests make their databases on: `TEST_DATABASE_ADMIN_URL`, else the local Postgres. */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database for a test run or a test on Postgres, so runs never see each other's
 * rows; answers its URL. For tests only: the platform's own databases are made by whoever runs it.
 */
export async function createTestDatabase(name: string): Promise<string> {
  await onAdminConnection(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A service's schema as its tests on Postgres need it: its name, its migrations, and the entities the test reads and writes. */
export interface ServiceSchema {
  schema: string;
  migrations: DataSourceOptions['migrations'];
  entities?: DataSourceOptions['entities'];
}

/**
 * A fresh database (`createTestDatabase`) with a service's schema made by its migrations, and a
 * source on it for the given entities: that service's repositories on Postgres itself, in a
 * test (through `suiteDatabase`, which also drops it).
 */
async function migratedTestDatabase(name: string, service: ServiceSchema): Promise<DataSource> {
  const url = await createTestDatabase(name);
  await ensureSchema(url, service.schema);
  const dataSource = new DataSource({ type: 'postgres', url, ...service });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

/** Drops a database `createTestDatabase` made, whoever is still connected to it. */
export async function dropTestDatabase(name: string): Promise<void> {
  await onAdminConnection(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function onAdminConnection(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The migrated database of one suite of tests on Postgres (`suiteDatabase`). */
export interface SuiteDatabase {
  /** Makes the database, migrated, and answers a source on it (in the suite's `beforeAll`). */
  open(): Promise<DataSource>;
  /** Destroys the source and drops the database, however far `open` got (in its `afterAll`). */
  close(): Promise<void>;
}

/** A migrated database for one suite, named after `label` and unique to the run, so suites running at once never share one. */
export function suiteDatabase(label: string, service: ServiceSchema): SuiteDatabase {
  const name = `bp_test_${label}_${randomBytes(4).toString('hex')}`;
  let source: DataSource | undefined;
  return {
    open: async () => (source = await migratedTestDatabase(name, service)),
    close: async () => {
      await source?.destroy();
      await dropTestDatabase(name);
    },
  };
}
