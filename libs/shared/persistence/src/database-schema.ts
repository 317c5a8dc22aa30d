import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { isUniqueViolation } from './unique-violation';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * Waits for Postgres (one clear line per failed attempt, bounded backoff) and makes sure the
 * service's schema exists, so its migrations can run inside it.
 */
export async function ensureSchema(databaseUrl: string, schema: string, logger = new Logger('Database')): Promise<void> {
  let delay = RETRY_MIN_MS;
  for (;;) {
    const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
      return;
    } catch (error) {
      // A concurrent replica may create the schema between our check and insert.
      if (isUniqueViolation(error) || (error as { code?: string }).code === '42P06') return;
      logger.warn(`${unreachable(databaseUrl, error as Error)}; retrying in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** SQLSTATE of a connection to a database that does not exist. */
const INVALID_CATALOG_NAME = '3D000';

/** Why Postgres cannot be used, and for a missing database, the command that creates it. */
export function unreachable(databaseUrl: string, error: Error & { code?: string }): string {
  if (error.code === INVALID_CATALOG_NAME) {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.slice(1));
    const user = decodeURIComponent(url.username || 'postgres');
    return (
      `The database "${database}" does not exist on ${url.hostname}:${url.port || 5432}; create it with ` +
      `\`createdb -h ${url.hostname} -p ${url.port || 5432} -U ${user} ${database}\` (or unset DATABASE_URL and NATS_URL to run on the embedded database)`
    );
  }
  return `Cannot reach Postgres at ${redact(databaseUrl)} (${error.message})`;
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
