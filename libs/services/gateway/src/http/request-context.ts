import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonLogger } from '@platform/logging';

const CALLER_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyRequest {
    requestId: string;
    /** Set when the request failed, for the access log line. */
    errorId?: string;
    errorCause?: string;
  }
}

/** The request's path, without its query. */
export function pathOf(req: FastifyRequest): string {
  const url = req.raw.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * Gives every request an id (the caller's `x-request-id` when it is sane), echoes it on the
 * response, and writes the one access-log line per request when the response ends (also for
 * answers written on the raw response: streams, file contents).
 */
export function beginRequest(logger: JsonLogger, req: FastifyRequest, reply: FastifyReply): void {
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
  req.requestId = requestId;
  const res = reply.raw;
  res.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  res.on('close', () => {
    const status = res.statusCode;
    logger.event(status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: req.method,
      path: pathOf(req),
      status,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      bytesIn: Number(req.headers['content-length'] ?? 0) || undefined,
      errorId: req.errorId,
      cause: req.errorCause,
      aborted: !res.writableFinished || undefined,
    });
  });
}
