import { ApiError, Errors } from '@platform/contracts';
import { ErrorTranslation } from '@platform/messaging';

/** SQLSTATE classes and codes that say the database, not the request, is the problem. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established/i;

/** Whether an error means the service's database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; driverError?: { code?: string; message?: string } } | null;
  if (!e) return false;
  const code = e.code ?? e.driverError?.code;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  return UNAVAILABLE_MESSAGES.test(e.message ?? '') || UNAVAILABLE_MESSAGES.test(e.driverError?.message ?? '');
}

/**
 * A database that is down is an honest 503 (which callers may retry, `Retry-After` says when),
 * never a 500 that looks like a bug in the request. Applied to failed requests by the bus's
 * exception filter: nothing on the way of a request that succeeds.
 */
export class DatabaseAvailability implements ErrorTranslation {
  constructor(private readonly service: string) {}

  translate(error: unknown): ApiError | undefined {
    return isDatabaseUnavailable(error) ? Errors.databaseUnavailable(this.service) : undefined;
  }
}
