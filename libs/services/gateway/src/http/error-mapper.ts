import { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, ErrorBody, Errors, ErrorType, newErrorId } from '@platform/contracts';
import { closeAfterAnswer } from './gentle-close';

const TYPE_BY_STATUS: Record<number, ErrorType> = {
  400: 'InvalidPayload',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'ResourceNotFound',
  405: 'ResourceNotFound',
  409: 'AlreadyExists',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
};

declare module 'express' {
  interface Request {
    requestId?: string;
    /** Set when the request failed, for the access log line. */
    errorId?: string;
    errorCause?: string;
  }
}

/**
 * The one place where a failure becomes an HTTP answer in the body of docs/contracts.md ("Errors"): expected
 * errors keep their type and message; anything else is a 500 whose message leaks nothing.
 */
export function toApiError(exception: unknown, req: Request): ApiError {
  if (ApiError.isApiError(exception)) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return Errors.routeNotFound(req.method, req.path);
    const type = TYPE_BY_STATUS[status];
    if (type) return new ApiError(type, exception.message, status === 405 ? 404 : status);
  }
  const bodyParserStatus = (exception as { status?: number; type?: string })?.status;
  if (bodyParserStatus === 400) return Errors.invalidPayload('The request body is not valid JSON');
  return Errors.internal();
}

export function sendError(req: Request, res: Response, exception: unknown): ErrorBody {
  const error = toApiError(exception, req);
  const body = error.toBody(newErrorId());
  req.errorId = body.id;
  if (error.code >= 500 && !ApiError.isApiError(exception)) {
    req.errorCause = (exception as Error)?.stack ?? String(exception);
  }
  if (!res.headersSent) {
    // A body the gateway will not read: answer, then let the connection go.
    closeAfterAnswer(req, res);
    if (error.retryAfterS !== undefined) res.setHeader('Retry-After', String(error.retryAfterS));
    else if (error.code === 503) res.setHeader('Retry-After', '1');
    res.status(error.code).json(body);
  } else {
    res.end();
  }
  return body;
}
