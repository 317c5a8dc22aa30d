import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { parse } from 'qs';
import { PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { BusTransport, NATS_TRANSPORT } from '@platform/messaging';
import { setupDocs } from './docs/openapi';
import { GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { answerClientError } from './http/client-errors';
import { RateLimits } from './http/rate-limits';
import { RequestPipeline } from './http/request-pipeline';

/** Longer than any common client's idle-socket timeout. */
const IDLE_KEEP_ALIVE_MS = 75_000;
/** Longest time the request line and headers may take to arrive. */
const HEADERS_TIMEOUT_MS = 10000;
/** A path segment may be this long (the request line is bounded by Node's header limit anyway). */
const MAX_PARAM_LENGTH = 16 * 1024;

/** The gateway application, configured but not listening (tests and `main` share it). */
export async function createGateway(
  config: PlatformConfig,
  logger = new JsonLogger('gateway', config.logLevel),
  transport: BusTransport = NATS_TRANSPORT,
): Promise<NestFastifyApplication> {
  const pipeline = new RequestPipeline();
  const adapter = new FastifyAdapter({
    // Behind reverse proxies, the client's address is the one they forwarded (rate limits count it).
    trustProxy: config.trustProxyHops > 0 ? config.trustProxyHops : false,
    // An idle keep-alive connection is closed by the client, never by us first: Node's agents drop
    // idle sockets after 5 s (and browsers after longer), and a server closing at the same moment
    // makes the client's next request on that socket fail with ECONNRESET.
    keepAliveTimeout: IDLE_KEEP_ALIVE_MS,
    // Headers must arrive promptly; bodies have their own deadlines (RequestBodyReader).
    requestTimeout: config.bodyReadTimeoutMs + HEADERS_TIMEOUT_MS,
    // A stopping gateway finishes what it serves; new connections are refused by the closed socket.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: pipeline.refuseUnroutable,
    skipMiddie: true,
    routerOptions: {
      // The official clients serialise nested query objects with dots: `tags.env=prod`.
      querystringParser: (query: string) => parse(query, { allowDots: true, depth: 5, parameterLimit: 200, arrayLimit: 100 }),
      ignoreTrailingSlash: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config, logger, transport), adapter, {
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  pipeline.install(adapter.getInstance(), config, logger, app.get(RateLimits));
  app.useGlobalFilters(new ApiExceptionFilter());
  setupDocs(app);
  (app.getHttpServer() as Server).headersTimeout = HEADERS_TIMEOUT_MS;
  return app;
}
