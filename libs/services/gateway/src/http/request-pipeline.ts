import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformConfig } from '@platform/config';
import { Errors } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { corsByFamily } from './cors';
import { sendError } from './error-mapper';
import { notUtf8, pathQueryProblem } from './path-query';
import { RateLimits } from './rate-limits';
import { beginRequest, inRequestContext } from './request-context';

type Done = (error?: Error) => void;

/**
 * What every request goes through before its route, known route or not, in this order: its id
 * and access-log line, CORS (a preflight is answered there), its client's rate limit (before
 * anything is read), the security headers, and the check of its path and query. Bodies are left
 * unread: each route reads its own, once it knows the caller (`RequestBodyReader`).
 */
export function admitRequests(instance: FastifyInstance, config: PlatformConfig, logger: JsonLogger, limits: RateLimits): void {
  const cors = corsByFamily(config);
  // Security headers on every answer; the API serves JSON and Swagger UI only.
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", "'unsafe-inline'"] } } }) as (
    req: IncomingMessage,
    res: ServerResponse,
    next: Done,
  ) => void;
  instance.decorateRequest('requestId', '');
  instance.decorateRequest('errorId', undefined);
  instance.decorateRequest('errorCause', undefined);
  instance.addHook('onRequest', (req, reply, done) => inRequestContext(beginRequest(logger, req, reply), done));
  instance.addHook('onRequest', (req, reply, done) => cors(req, reply, done));
  instance.addHook('onRequest', (req, _reply, done) => {
    limits.admitClient(req.ip).then(
      () => done(),
      (limited: Error) => done(limited),
    );
  });
  instance.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, done));
  instance.addHook('onRequest', (req, _reply, done) => done(pathQueryProblem(req.raw.url ?? '/')));
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (_req: FastifyRequest, _body: IncomingMessage, done: (error: null, body?: unknown) => void) => done(null, undefined));
}

/**
 * Requests the router refuses before any hook runs (a path that is not percent-encoded UTF-8)
 * get the same treatment as any other refusal: an id, a log line, a count toward their client's
 * limit, and the standard error body.
 */
export function refuseUnroutable(logger: JsonLogger, limits: RateLimits, error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  inRequestContext(beginRequest(logger, req, reply), () => {
    const problem = error.code === 'FST_ERR_BAD_URL' ? notUtf8() : Errors.invalidPayload('The request path is not one the platform serves');
    limits.admitClient(req.ip).then(
      () => sendError(req, reply, problem),
      (limited: unknown) => sendError(req, reply, limited),
    );
  });
}
