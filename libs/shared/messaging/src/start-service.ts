import { INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { loadConfig, PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { BusConnection } from './bus-connection';
import { BusExceptionFilter, ErrorTranslations } from './bus-exception.filter';
import { BusServer } from './bus-server';
import { LocalBusServer } from './local-broker';
import { BusTransport, NATS_TRANSPORT } from './messaging.module';
import { PayloadCodec } from './payload-codec';

/**
 * Starts a NATS-only service: the Nest application (no HTTP listener) with its message handlers
 * served by `BusServer` in the service's queue group.
 */
export async function startService(
  module: unknown,
  service: string,
  logger: LoggerService,
  transport: BusTransport = NATS_TRANSPORT,
): Promise<INestApplication> {
  // The HTTP adapter is the gateway's, never listening here: Nest's hybrid applications need one.
  const app = await NestFactory.create(module as never, new FastifyAdapter({ skipMiddie: true }), { logger, abortOnError: false });
  app.useGlobalFilters(new BusExceptionFilter(app.get(ErrorTranslations)));
  const strategy = transport.kind === 'local' ? new LocalBusServer(transport.broker) : new BusServer(app.get(BusConnection), app.get(PayloadCodec), service);
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.init();
  await app.startAllMicroservices();
  return app;
}

/** The `main` of a NATS-only service: settings from the environment, clean stop on SIGTERM. */
export function runService(service: string, moduleFor: (config: PlatformConfig) => unknown): void {
  let logger = new JsonLogger(service);
  (async () => {
    const config = loadConfig();
    logger = new JsonLogger(service, config.logLevel);
    const app = await startService(moduleFor(config), service, logger);
    app.enableShutdownHooks();
  })().catch((error) => {
    logger.event('fatal', (error as Error).message);
    process.exit(1);
  });
}
