import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { parse } from 'qs';
import { PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { BusTransport, NATS_TRANSPORT } from '@platform/messaging';
import { setupDocs } from './docs/openapi';
import { GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { corsByFamily } from './http/cors';
import { answerClientErrors } from './http/client-errors';
import { sendError } from './http/error-mapper';
import { RateLimits } from './http/rate-limits';
import { PathQueryMiddleware } from './http/path-query.middleware';
import { RequestContextMiddleware } from './http/request-context.middleware';

/** Longer than any common client's idle-socket timeout. */
const IDLE_KEEP_ALIVE_MS = 75_000;
/** Longest time the request line and headers may take to arrive. */
const HEADERS_TIMEOUT_MS = 10000;

/** The gateway application, configured but not listening (tests and `main` share it). */
export async function createGateway(
  config: PlatformConfig,
  logger = new JsonLogger('gateway', config.logLevel),
  transport: BusTransport = NATS_TRANSPORT,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger, transport), {
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  // The official clients serialise nested query objects with dots: `tags.env=prod`.
  app.set('query parser', (query: string) => parse(query, { allowDots: true, depth: 5, parameterLimit: 200, arrayLimit: 100 }));
  app.disable('x-powered-by');
  // API answers are read once: hashing every body for an ETag nobody sends back costs each request.
  app.set('etag', false);
  // Behind reverse proxies, the client's address is the one they forwarded (rate limits count it).
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  const context = new RequestContextMiddleware(logger);
  const pathQuery = new PathQueryMiddleware();
  const limits = app.get(RateLimits);
  app.use(context.use.bind(context));
  app.use(corsByFamily(config));
  // Every request counts toward its client's limit, known route or not, before anything is read.
  app.use((req: Request, res: Response, next: NextFunction) => {
    limits.admitClient(req.ip ?? '').then(
      () => next(),
      (error: unknown) => sendError(req, res, error),
    );
  });
  // Security headers on every answer; the API serves JSON and Swagger UI only.
  app.use(helmet({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", "'unsafe-inline'"] } } }));
  app.use(pathQuery.use.bind(pathQuery));
  app.useGlobalFilters(new ApiExceptionFilter());
  setupDocs(app);
  const server = app.getHttpServer() as Server;
  answerClientErrors(server);
  // Headers must arrive promptly; bodies have their own deadlines (RequestBodyReader).
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.bodyReadTimeoutMs + HEADERS_TIMEOUT_MS;
  // An idle keep-alive connection is closed by the client, never by us first: Node's agents drop
  // idle sockets after 5 s (and browsers after longer), and a server closing at the same moment
  // makes the client's next request on that socket fail with ECONNRESET.
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
  return app;
}
