import { randomUUID } from 'node:crypto';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { JsonLogger, RequestContext } from '@platform/logging';

const CALLER_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * Gives every request an id (the caller's `x-request-id` when it is sane), echoes it on the
 * response, and writes the one access-log line per request when the response ends.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly logger: JsonLogger) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
    req.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const status = res.statusCode;
      this.logger.event(status >= 500 ? 'error' : 'info', 'request', {
        requestId,
        method: req.method,
        path: req.path,
        status,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        bytesIn: Number(req.headers['content-length'] ?? 0) || undefined,
        errorId: req.errorId,
        cause: req.errorCause,
        aborted: !res.writableFinished || undefined,
      });
    });
    // Everything done for this request, here and in the services it reaches, logs its id.
    RequestContext.run(requestId, next);
  }
}
