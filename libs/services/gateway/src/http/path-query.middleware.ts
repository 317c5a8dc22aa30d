import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Errors } from '@platform/contracts';
import { sendError } from './error-mapper';

const ENCODED_NUL = /%00/i;

/**
 * The path and query must decode to text a service can store: no U+0000 (Postgres keeps none)
 * and no percent-encoding that is not UTF-8. Refused here as invalid input, before routing.
 * (Bodies get the same checks as they arrive: `JsonShapeCheck`.)
 */
@Injectable()
export class PathQueryMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (ENCODED_NUL.test(req.originalUrl)) {
      sendError(req, res, Errors.invalidPayload('The request path and query must not contain the character U+0000'));
      return;
    }
    try {
      decodeURIComponent(req.originalUrl);
    } catch {
      sendError(req, res, Errors.invalidPayload('The request path and query must be percent-encoded UTF-8'));
      return;
    }
    next();
  }
}
