import type { Socket } from 'node:net';
import { ApiError, Errors, newErrorId } from '@platform/contracts';

/**
 * Requests Node refuses before any route sees them (headers too large, malformed HTTP, headers
 * too slow) still get the standard error body instead of a bare status line.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('PayloadTooLarge', 'The request headers are too large', 431)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? Errors.requestTimeout('arrive in time')
        : Errors.invalidPayload('The request is not valid HTTP');
  const body = JSON.stringify(problem.toBody(newErrorId()));
  socket.end(
    `HTTP/1.1 ${problem.code} ${statusText(problem.code)}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function statusText(code: number): string {
  return { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[code] ?? 'Error';
}
