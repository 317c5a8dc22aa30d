import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiError, Errors } from '@platform/contracts';
import { BodyBudget } from './body-budget';
import { sendError } from './error-mapper';
import { DEFAULT_MAX_BODY_BYTES, familyOf } from './families';

/** At most this many body bytes are held in the gateway at once, across all requests. */
const IN_FLIGHT_BODY_BYTES = 256 * 1024 * 1024;

declare module 'express' {
  interface Request {
    /** Bytes of body held for this request, returned to the budget when the response ends. */
    heldBodyBytes?: number;
  }
}

/**
 * Reads every request body itself, before routing, so that the family's payload limit is
 * enforced on the bytes actually received (Content-Length or chunked) and an oversized body is
 * refused with 413 without reading the rest of it. JSON bodies are parsed here too.
 */
@Injectable()
export class BodyReaderMiddleware implements NestMiddleware {
  private readonly budget = new BodyBudget(IN_FLIGHT_BODY_BYTES);

  use(req: Request, res: Response, next: NextFunction): void {
    const family = familyOf(req.path);
    const limit = family?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const declared = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
    const hasBody = (declared !== undefined && declared > 0) || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) {
      req.body = undefined;
      return next();
    }
    if (declared !== undefined && declared > limit) return this.refuse(req, res, Errors.payloadTooLarge(limit));

    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const isJson = contentType === 'application/json' || contentType.endsWith('+json');
    if ((family?.jsonOnly ?? true) && !isJson) {
      return this.refuse(req, res, Errors.unsupportedMediaType(contentType || 'none'));
    }

    const chunks: Buffer[] = [];
    let received = 0;
    let failed = false;
    res.on('close', () => this.budget.release(req.heldBodyBytes ?? 0));
    req.heldBodyBytes = 0;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      received += chunk.length;
      if (received > limit) {
        failed = true;
        chunks.length = 0;
        return this.refuse(req, res, Errors.payloadTooLarge(limit));
      }
      chunks.push(chunk);
      req.heldBodyBytes! += chunk.length;
      const wait = this.budget.acquire(chunk.length);
      if (wait) {
        req.pause();
        void wait.then(() => req.resume());
      }
    });
    req.on('error', () => {
      failed = true;
    });
    req.on('end', () => {
      if (failed) return;
      const raw = Buffer.concat(chunks, received);
      chunks.length = 0;
      if (!isJson) {
        req.body = raw;
        return next();
      }
      let body: unknown;
      try {
        body = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
      } catch {
        sendError(req, res, Errors.invalidPayload('The request body is not valid JSON'));
        return;
      }
      // Every operation of the API families takes an object: `null`, arrays and scalars are refused
      // here, before validation could mistake `null` for an absent body.
      if ((family?.jsonOnly ?? true) && body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        sendError(req, res, Errors.invalidPayload('The request body must be a JSON object'));
        return;
      }
      req.body = body;
      next();
    });
  }

  /**
   * Answers the error and closes the connection once the answer is written, so the client
   * stops sending and the gateway never reads the rest of an oversized body.
   */
  private refuse(req: Request, res: Response, error: ApiError): void {
    res.setHeader('Connection', 'close');
    res.on('finish', () => setTimeout(() => req.socket.destroy(), 50).unref());
    req.pause();
    sendError(req, res, error);
  }
}
