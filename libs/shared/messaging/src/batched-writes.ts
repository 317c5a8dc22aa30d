import type { NatsConnection } from 'nats';

/** The part of nats.js's protocol handler that writes to the socket (nats 2.x). */
interface Protocol {
  flushPending(): void;
}

/**
 * nats.js writes what was published at the end of the current task (a microtask). Under load a
 * process forwards one request per socket event, so every message became a socket write of its
 * own, and on loopback a write also runs the receiver's TCP path: in a profile of the gateway
 * under load those writes were the largest single cost. Here the write waits for the end of the
 * event-loop turn (setImmediate) instead, so everything the turn's I/O callbacks published goes
 * out in one write, later by well under a millisecond. Order is unchanged (one buffer, written
 * in order); `drain()` and `flush()` still send everything before they resolve.
 */
export function batchWrites(nc: NatsConnection): void {
  const protocol = (nc as unknown as { protocol?: Protocol }).protocol;
  if (!protocol || typeof protocol.flushPending !== 'function') return;
  const writeNow = protocol.flushPending.bind(protocol);
  let scheduled = false;
  protocol.flushPending = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      writeNow();
    });
  };
}
