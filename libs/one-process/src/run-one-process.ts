import { loadConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { EmbeddedPostgres } from '@platform/persistence';
import { startOneProcess } from './one-process';

/** Pools of every service of the process together stay within what the embedded database serves. */
const EMBEDDED_POOL_SIZE = 8;
const EMBEDDED_MAX_CONNECTIONS = 64;

/** Longest a stopping platform waits for its connections before it exits anyway. */
const SHUTDOWN_DEADLINE_MS = 8000;

/**
 * The `main` of the one-process platform (`npm start` when neither DATABASE_URL nor NATS_URL is
 * set): every service and the gateway in this process over an in-process bus, on the Postgres of
 * DATABASE_URL if set, else on an embedded one keeping its data in DATA_DIR.
 */
export function runOneProcess(): void {
  let logger = new JsonLogger('platform');
  (async () => {
    const embedded = !process.env.DATABASE_URL;
    let config = loadConfig();
    logger = new JsonLogger('platform', config.logLevel);
    logger.event(
      'info',
      embedded
        ? `Running in one process with an embedded database in ${config.dataDir} (DATA_DIR). For the mesh, set DATABASE_URL and NATS_URL (docs/deployment.md).`
        : `Running in one process on the database of DATABASE_URL. For the mesh, set NATS_URL too (docs/deployment.md).`,
      { mode: embedded ? 'embedded' : 'one-process', dataDir: embedded ? config.dataDir : undefined },
    );
    let database: EmbeddedPostgres | undefined;
    if (embedded) {
      database = await EmbeddedPostgres.start({ dataDir: config.dataDir, port: config.embeddedDatabasePort, maxConnections: EMBEDDED_MAX_CONNECTIONS });
      config = loadConfig(process.env, {
        databaseUrl: database.url,
        databasePoolSize: Math.min(config.databasePoolSize, EMBEDDED_POOL_SIZE),
        singleSessionDatabase: true,
      });
    }
    // Without NATS, file contents stay beside the embedded database unless FILES_STORE says otherwise.
    if (!process.env.FILES_STORE) config = loadConfig(process.env, { ...config, filesStore: 'disk' });
    const platform = await startOneProcess(config, (name) => new JsonLogger(name, config.logLevel));
    logger.event('info', `Platform listening at ${config.publicUrl} (port ${config.port}); API docs at ${config.publicUrl}/docs`, {
      port: config.port,
      docs: `${config.publicUrl}/docs`,
    });
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(0), SHUTDOWN_DEADLINE_MS).unref();
      await platform.close().catch((error: Error) => logger.event('error', `Stopping the platform: ${error.message}`));
      await database?.stop();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop());
    process.once('SIGINT', () => void stop());
  })().catch((error) => {
    logger.event('fatal', (error as Error).message);
    process.exit(1);
  });
}
