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
  // Nest's HTTP exceptions, and errors Fastify itself raises with a status, keep their status.
  const status = exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: number })?.statusCode;
  if (status === 404) return Errors.routeNotFound(req.method, pathOf(req));
  const type = status !== undefined ? TYPE_BY_STATUS[status] : undefined;
  if (type) return new ApiError(type, (exception as Error).message, status === 405 ? 404 : status);
  return Errors.internal();
}

export function sendError(req: FastifyRequest, reply: FastifyReply, exception: unknown): ErrorBody {
  const error = toApiError(exception, req);
  const body = error.toBody(newErrorId());
  req.errorId = body.id;
  if (error.code >= 500 && !ApiError.isApiError(exception)) {
    req.errorCause = (exception as Error)?.stack ?? String(exception);
  }
  // An answer that took over the raw response (a stream, a file's content) writes nothing more.
  if (reply.sent || reply.raw.headersSent) {
    reply.raw.end();
    return body;
  }
  // A body the gateway will not read: answer, then let the connection go.
  closeAfterAnswer(req.raw, reply.raw);
  if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
  else if (error.code === 503) reply.header('retry-after', '1');
  reply.code(error.code).send(body);
  return body;
}
