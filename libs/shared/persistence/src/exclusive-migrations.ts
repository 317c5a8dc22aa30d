import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';

/**
 * Opens the service's data source and brings its schema up to date, one replica at a time:
 * replicas starting together on a fresh database wait for the first to finish its migrations
 * (a session advisory lock per schema, on a connection of its own), then find nothing left to do.
 * On a single-session database there is no other process, and the lock's own connection would
 * hold the only session the migrations need.
 */
export async function openMigrated(options: DataSourceOptions, schema: string, singleSession: boolean): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    if (singleSession) {
      await dataSource.runMigrations({ transaction: 'each' });
      return dataSource;
    }
    const lock = new Client({ connectionString: (options as { url: string }).url, connectionTimeoutMillis: 3000, application_name: `${schema}-migrations` });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`migrations:${schema}`]);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      // Ending the session releases its lock, whatever happened.
      await lock.end().catch(() => undefined);
    }
    return dataSource;
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
}
