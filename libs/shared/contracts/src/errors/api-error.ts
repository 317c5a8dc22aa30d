import { randomBytes } from 'node:crypto';

/**
 * The error types of the public API (docs/contracts.md, "Errors"). The official clients turn `type` into a typed
 * error class, so these strings are part of the wire contract.
 */
export const ErrorTypes = {
  InvalidPayload: 400,
  Unauthorized: 401,
  Forbidden: 403,
  ResourceNotFound: 404,
  MethodNotFound: 405,
  AlreadyExists: 409,
  ResourceLockedConflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RateLimited: 429,
  Internal: 500,
  NotImplemented: 501,
  OperationTimeout: 504,
} as const;

export type ErrorType = keyof typeof ErrorTypes;

export interface ErrorBody {
  id: string;
  code: number;
  type: ErrorType;
  message: string;
}

/** Same shape as the ids the official clients generate: `err_<UTC timestamp><random hex>`. */
export function newErrorId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ]/g, '')
    .split('.')[0];
  return `err_${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The one error class every layer throws for an expected failure. It crosses NATS as a plain
 * object (see `toWire`/`fromWire`), so a service's 404 reaches the caller as the same 404.
 */
export class ApiError extends Error {
  /** Seconds after which a retry may succeed (`Retry-After`), for 429 and 503 answers. */
  retryAfterS?: number;

  constructor(
    readonly type: ErrorType,
    message: string,
    readonly code: number = ErrorTypes[type],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(id: string = newErrorId()): ErrorBody {
    return { id, code: this.code, type: this.type, message: this.message };
  }

  toWire(): { type: ErrorType; code: number; message: string } {
    return { type: this.type, code: this.code, message: this.message };
  }

  static fromWire(wire: unknown): ApiError {
    if (wire && typeof wire === 'object') {
      const { type, code, message } = wire as Record<string, unknown>;
      if (typeof type === 'string' && type in ErrorTypes && typeof message === 'string') {
        return new ApiError(type as ErrorType, message, typeof code === 'number' ? code : undefined);
      }
    }
    return new ApiError('Internal', 'An internal error occurred');
  }

  static isApiError(error: unknown): error is ApiError {
    return error instanceof ApiError;
  }
}

export const Errors = {
  invalidPayload: (message: string) => new ApiError('InvalidPayload', message),
  unauthorized: (message = 'The request requires to be authenticated.') => new ApiError('Unauthorized', message),
  forbidden: (message = 'The requested action cannot be performed with the provided credentials.') => new ApiError('Forbidden', message),
  notFound: (resource: string, id: string) => new ApiError('ResourceNotFound', `${resource} '${id}' not found`),
  routeNotFound: (method: string, path: string) => new ApiError('ResourceNotFound', `No route for ${method} ${path}`),
  alreadyExists: (resource: string, id: string) => new ApiError('AlreadyExists', `${resource} '${id}' already exists`),
  payloadTooLarge: (limit: number) => new ApiError('PayloadTooLarge', `The request body exceeds the limit of ${limit} bytes`),
  unsupportedMediaType: (contentType: string) => new ApiError('UnsupportedMediaType', `Content type '${contentType}' is not supported; send application/json`),
  internal: () => new ApiError('Internal', 'An internal error occurred'),
  /**
   * An operation of the cloud's API the platform does not provide (operations/unavailable.ts):
   * `MethodNotFound`, the cloud's own type for an operation that does not exist, so the official
   * clients throw their `MethodNotFoundError` (a 501 would reach them as an unknown error, retried).
   */
  unavailable: (operation: string, reason: string) => new ApiError('MethodNotFound', `${operation} is not available on this platform: ${reason}`),
  /** A part of an API the platform does not serve yet. */
  notImplemented: (what: string) => new ApiError('NotImplemented', `${what} is not available on this platform yet`),
  /** A request (its body, or its headers) that did not arrive in time: 408. */
  idempotencyKeyInUse: () => new ApiError('ResourceLockedConflict', 'A request with this Idempotency-Key is still being processed; retry later'),
  idempotencyKeyReused: () => new ApiError('InvalidPayload', 'This Idempotency-Key was used with a different request'),
  rateLimited: (message: string, retryAfterS: number) => Object.assign(new ApiError('RateLimited', message), { retryAfterS }),
  requestTimeout: (what: string) => new ApiError('OperationTimeout', `The request body did not ${what}`, 408),
  serviceUnavailable: (service: string) => new ApiError('Internal', `The ${service} service did not answer in time`, 503),
  serviceDown: (service: string) => new ApiError('Internal', `The ${service} service is not running (no replica answers)`, 503),
  busUnavailable: () => new ApiError('Internal', 'The message bus (NATS) is unreachable', 503),
  databaseUnavailable: (service: string) => new ApiError('Internal', `The ${service} service cannot reach its database`, 503),
};
