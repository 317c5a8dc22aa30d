import { createInbox, Msg, NatsConnection } from 'nats';

/** Why a request got no reply: nobody serves its subject (known at once), or none came in time. */
export type NoReply = 'no-responders' | 'timeout';

export class NoReplyError extends Error {
  constructor(readonly reason: NoReply) {
    super(reason === 'no-responders' ? 'No responders' : 'Request timed out');
  }
}

interface Pending {
  resolve(message: Msg): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over one inbox subscription of a connection (`<inbox>.*`, a token per request),
 * as nats.js's own `request` works, through its public publish and subscribe. nats.js settles
 * each of its requests by also rejecting it with a new error, whose stack trace is taken every
 * time: on the gateway and the chat service that was 4-8 % of all their work under load, and no
 * option avoids it. A request nobody serves is told at once by the server (a 503 status with no
 * body, as nats.js reads it); one whose reply does not come in time fails at its timeout.
 */
export class ReplyInbox {
  private readonly prefix: string;
  private readonly pending = new Map<string, Pending>();
  private sequence = 0;

  constructor(private readonly nc: NatsConnection) {
    this.prefix = `${createInbox()}.`;
    nc.subscribe(`${this.prefix}*`, { callback: (_error, message) => this.settle(message) });
    // A closed connection answers nothing more: what is still waiting fails now rather than at its timeout.
    void nc.closed().then(() => this.failAll());
  }

  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Msg> {
    const token = (this.sequence++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(token, new NoReplyError('timeout')), timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: `${this.prefix}${token}` });
      } catch (error) {
        this.fail(token, error as Error);
      }
    });
  }

  private settle(message: Msg): void {
    const token = message.subject.slice(this.prefix.length);
    const waiting = this.pending.get(token);
    if (!waiting) return;
    this.pending.delete(token);
    clearTimeout(waiting.timer);
    // The server's "no responders": a 503 status without a body (any other headers are the replier's own).
    if (message.data.length === 0 && message.headers?.code === 503) waiting.reject(new NoReplyError('no-responders'));
    else waiting.resolve(message);
  }

  private fail(token: string, error: Error): void {
    const waiting = this.pending.get(token);
    if (!waiting) return;
    this.pending.delete(token);
    clearTimeout(waiting.timer);
    waiting.reject(error);
  }

  private failAll(): void {
    for (const token of [...this.pending.keys()]) this.fail(token, new NoReplyError('timeout'));
  }
}
