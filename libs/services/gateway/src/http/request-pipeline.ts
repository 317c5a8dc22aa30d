import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformConfig } from '@platform/config';
import { Errors } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { corsByFamily } from './cors';
import { sendError } from './error-mapper';
import { pathQueryProblem } from './path-query';
import { RateLimits } from './rate-limits';
import { beginRequest, pathOf } from './request-context';

type Done = (error?: Error) => void;
type Step = (req: FastifyRequest, reply: FastifyReply, done: Done) => void;

/**
 * What every request goes through before its route, known route or not, in this order: its id
 * and access-log line, CORS (a preflight is answered there), its client's rate limit (before
 * anything is read), the security headers, and the check of its path and query. Bodies are left
 * unread: each route reads its own, once it knows the caller (`RequestBodyReader`).
 *
 * The request id travels on the request itself (`req.requestId`: the `x-request-id` header of
 * the answer, the access line, the envelope), never in an async-local context: on Node 20, once
 * one is entered, every promise of every request pays for carrying it, which cost the gateway
 * 40 % of its CPU per request (docs/architecture.md, on the request id).
 */
export class RequestPipeline {
  private steps: Step[] = [];

  /** Installs the steps as the gateway's `onRequest` hooks (once the rate limits exist). */
  install(instance: FastifyInstance, config: PlatformConfig, logger: JsonLogger, limits: RateLimits): void {
    // Security headers on every answer; the API serves JSON and Swagger UI only.
    const securityHeaders = helmet({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", "'unsafe-inline'"] } } }) as (
      req: IncomingMessage,
      res: ServerResponse,
      next: Done,
    ) => void;
    this.steps = [
      (req, reply, done) => {
        beginRequest(logger, req, reply);
        done();
      },
      corsByFamily(config),
      (req, _reply, done) =>
        void limits.admitClient(req.ip).then(
          () => done(),
          (limited: Error) => done(limited),
        ),
      (req, reply, done) => securityHeaders(req.raw, reply.raw, done),
      (req, _reply, done) => done(pathQueryProblem(req.raw.url ?? '/')),
    ];
    instance.decorateRequest('requestId', '');
    instance.decorateRequest('errorId', undefined);
    instance.decorateRequest('errorCause', undefined);
    for (const step of this.steps) instance.addHook('onRequest', step);
    // Fastify is told no method it knows has a body, so it neither parses nor reads one (nor pays
    // for its content-type step on each request): the route reads it, once the caller is known.
    for (const method of instance.supportedMethods) instance.addHttpMethod(method, { hasBody: false, overrideExisting: true });
  }

  /**
   * Fastify's `frameworkErrors`: a request its router refuses before any hook (a path that is not
   * percent-encoded UTF-8) goes through the same steps, which refuse it in the standard body; one
   * they let through is answered as a path no route serves.
   */
  readonly refuseUnroutable = (_error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const run = (next: number): void => {
      if (next === this.steps.length) {
        sendError(req, reply, Errors.routeNotFound(req.method, pathOf(req)));
        return;
      }
      this.steps[next](req, reply, (error) => (error ? sendError(req, reply, error) : run(next + 1)));
    };
    run(0);
  };
}
