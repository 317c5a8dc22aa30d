import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { createGateway } from './gateway.factory';

async function main() {
  const logger = new JsonLogger('gateway');
  const config = loadConfig();
  const app = await createGateway(config, logger);
  app.enableShutdownHooks();
  await app.listen(config.port);
  logger.event('log', `Gateway listening on port ${config.port}`, { port: config.port });
}

main().catch((error) => {
  new JsonLogger('gateway').event('fatal', (error as Error).message);
  process.exit(1);
});
