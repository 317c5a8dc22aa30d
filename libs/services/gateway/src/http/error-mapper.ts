import { HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorBody, Errors, ErrorType, newErrorId } from '@platform/contracts';
import { closeAfterAnswer } from './gentle-close';
import { pathOf } from './request-context';

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

/**
 * The one place where a failure becomes an HTTP answer in the body of docs/contracts.md ("Errors"): expected
 * errors keep their type and message; anything else is a 500 whose message leaks nothing.
 */
export function toApiError(exception: unknown, req: FastifyRequest): ApiError {
  if (ApiError.isApiError(exception)) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return Errors.routeNotFound(req.method, pathOf(req));
    const type = TYPE_BY_STATUS[status];
    if (type) return new ApiError(type, exception.message, status === 405 ? 404 : status);
  }
  // What the HTTP framework itself refuses (a Content-Type that is not a media type…) keeps its status.
  const frameworkStatus = (exception as { statusCode?: number; code?: string })?.statusCode;
  const frameworkType = frameworkStatus !== undefined ? TYPE_BY_STATUS[frameworkStatus] : undefined;
  if (frameworkType && frameworkStatus !== 404) return new ApiError(frameworkType, (exception as Error).message, frameworkStatus);
  return Errors.internal();
}

export function sendError(req: FastifyRequest, reply: FastifyReply, exception: unknown): ErrorBody {
  const error = toApiError(exception, req);
  const body = error.toBody(newErrorId());
  req.errorId = body.id;
  if (error.code >= 500 && !ApiError.isApiError(exception)) {
    req.errorCause = (exception as Error)?.stack ?? String(exception);
  }
  const res = reply.raw;
  if (res.headersSent) {
    res.end();
    return body;
  }
  // A body the gateway will not read: answer, then let the connection go.
  closeAfterAnswer(req.raw, res);
  const retryAfter = error.retryAfterS !== undefined ? String(error.retryAfterS) : error.code === 503 ? '1' : undefined;
  if (reply.sent) {
    // An answer that took over the raw response (a stream) and failed before it wrote anything.
    const text = JSON.stringify(body);
    res.writeHead(error.code, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...(retryAfter ? { 'retry-after': retryAfter } : {}),
    });
    res.end(text);
    return body;
  }
  if (retryAfter) reply.header('retry-after', retryAfter);
  reply.code(error.code).send(body);
  return body;
}
