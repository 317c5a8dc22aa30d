import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Errors } from '@platform/contracts';
import { sendError } from './error-mapper';

const ENCODED_NUL = /%00/i;

/**
 * Postgres stores no U+0000 in text or jsonb, so a request carrying one in its path, query or
 * JSON body could only fail inside a service. It is refused here as invalid input (400), after
 * the body is read and before anything is forwarded.
 */
@Injectable()
export class NulCharacterMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (ENCODED_NUL.test(req.originalUrl)) {
      sendError(req, res, Errors.invalidPayload('The request path and query must not contain the character U+0000'));
      return;
    }
    if (!Buffer.isBuffer(req.body) && containsNul(req.body)) {
      sendError(req, res, Errors.invalidPayload('The request body must not contain the character U+0000'));
      return;
    }
    next();
  }
}

/** Whether any string or key of a parsed JSON value holds U+0000 (iterative: depth is unbounded). */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const child of next) pending.push(child);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
