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

/**
 * A fresh database (`createTestDatabase`) with a service's schema made by its migrations, and a
 * source on it for the given entities: that service's repositories on Postgres itself, in a
 * test. Destroy the source, then `dropTestDatabase`.
 */
export async function migratedTestDatabase(
  name: string,
  service: { schema: string; migrations: DataSourceOptions['migrations']; entities?: DataSourceOptions['entities'] },
): Promise<DataSource> {
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
