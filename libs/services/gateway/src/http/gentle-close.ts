import type { Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of an unwanted body is still read (and dropped) after the answer, and for how long,
 * so that a client still sending reads the answer instead of a reset.
 */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 5000;

/**
 * Ends a request whose body the gateway will not read (refused, or no route). The answer says
 * `Connection: close`, so no client reuses the connection; once it is written, the gateway sends
 * its end of the connection but keeps reading and dropping what the client still sends, for a
 * bounded amount and time, before closing. A client that is still uploading then reads the
 * answer instead of a reset, and no client can keep the connection busy. (Node would otherwise
 * close at once, and a sender gets a reset before it reads the answer.)
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.readableEnded) return;
  const socket = req.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return;
  if (!res.headersSent) res.setHeader('Connection', 'close');
  socket.destroySoon = () => linger(socket);
  // A body whose reading stopped part way (refused as it arrived) flows again, into nothing.
  req.resume();
}

function linger(socket: Socket): void {
  let read = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) socket.destroy();
  });
  socket.end();
  socket.resume();
}
