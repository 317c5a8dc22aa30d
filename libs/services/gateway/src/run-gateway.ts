import { loadConfig } from '@platform/config';
import { SERVICES, Subjects } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { BusClient } from '@platform/messaging';
import { createGateway } from './gateway.factory';

/** Longest a stopping gateway waits for its connections before it exits anyway. */
const SHUTDOWN_DEADLINE_MS = 8000;

/** How long the gateway waits for the services before it reports which are up. */
const READY_WAIT_MS = 15000;

/**
 * The gateway's `main`: settings from the environment, listen, then one line saying where the
 * platform listens, where its documentation is and which services answer.
 */
export function runGateway(): void {
  let logger = new JsonLogger('gateway');
  (async () => {
    const config = loadConfig();
    logger = new JsonLogger('gateway', config.logLevel);
    const app = await createGateway(config, logger);
    app.enableShutdownHooks();
    // However stuck a connection is, a stop request ends the process.
    process.once('SIGTERM', () => setTimeout(() => process.exit(0), SHUTDOWN_DEADLINE_MS).unref());
    process.once('SIGINT', () => setTimeout(() => process.exit(0), SHUTDOWN_DEADLINE_MS).unref());
    // Every interface, as a container's port mapping needs (Fastify's own default is loopback only).
    await app.listen(config.port, '0.0.0.0');
    const services = await waitForServices(app.get(BusClient));
    const up = Object.entries(services)
      .filter(([, ok]) => ok)
      .map(([name]) => name);
    const down = Object.entries(services)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    logger.event(
      down.length ? 'warn' : 'info',
      `Platform listening at ${config.publicUrl} (port ${config.port}); API docs at ${config.publicUrl}/docs; services up: ${up.join(', ') || 'none'}${down.length ? `; not answering: ${down.join(', ')}` : ''}`,
      {
        port: config.port,
        docs: `${config.publicUrl}/docs`,
        services,
      },
    );
  })().catch((error) => {
    logger.event('fatal', (error as Error).message);
    process.exit(1);
  });
}

async function waitForServices(bus: BusClient): Promise<Record<string, boolean>> {
  const deadline = Date.now() + READY_WAIT_MS;
  for (;;) {
    const status = Object.fromEntries(
      await Promise.all(
        SERVICES.map(
          async (service) =>
            [
              service,
              await bus.request(Subjects.health(service), {}, { timeoutMs: 1000 }).then(
                () => true,
                () => false,
              ),
            ] as const,
        ),
      ),
    );
    if (Object.values(status).every(Boolean) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
