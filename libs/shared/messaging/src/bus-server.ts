import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { Msg, Subscription } from 'nats';
import { lastValueFrom, Observable, isObservable } from 'rxjs';
import { ApiError, Errors } from '@platform/contracts';
import { RequestContext } from '@platform/logging';
import { BusConnection } from './bus-connection';
import { PayloadCodec } from './payload-codec';
import { Reply } from './reply';

/** Longest a stopping replica waits for the requests it is handling. */
const SHUTDOWN_GRACE_MS = 10000;

/**
 * NestJS transport strategy on NATS: every `@MessagePattern(name)` of the service is served on
 * `<prefix>.<name>` in the queue group `<prefix>.<service>`, so replicas share the load.
 * Payloads go through `PayloadCodec` (by reference when large); errors travel as `ApiError`s.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  private readonly log = new Logger('BusServer');
  private readonly subscriptions: Subscription[] = [];
  /** Requests being handled, so that a stopping replica answers them before it lets go. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly bus: BusConnection,
    private readonly codec: PayloadCodec,
    private readonly service: string,
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const nc = await this.bus.get();
      const queue = this.bus.subject(this.service);
      for (const [pattern, handler] of this.messageHandlers) {
        const subscription = nc.subscribe(this.bus.subject(pattern), {
          queue,
          callback: (error, message) => {
            if (error) return this.log.error(`Subscription ${pattern} failed: ${error.message}`);
            const handling = this.handle(pattern, handler, message);
            this.inFlight.add(handling);
            void handling.finally(() => this.inFlight.delete(handling));
          },
        });
        this.subscriptions.push(subscription);
      }
      await nc.flush();
      this.log.debug(`Serving ${this.messageHandlers.size} operations in queue group ${queue}`);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private async handle(pattern: string, handler: MessageHandler, message: Msg): Promise<void> {
    const started = Date.now();
    let reply: Reply;
    let requestId: string | undefined;
    try {
      const payload = await this.codec.decode(message.data).catch((error: unknown) => {
        // The gateway forwards bodies as received: one that is not JSON makes the frame unreadable.
        throw error instanceof SyntaxError ? Errors.invalidPayload('The request body is not valid JSON') : error;
      });
      // Every envelope carries the request id of the HTTP request it serves: the handler's log
      // lines name it, and so do the requests it makes of other services.
      const { requestId: id, timeoutMs, idempotencyKey: key } = (payload ?? {}) as { requestId?: unknown; timeoutMs?: unknown; idempotencyKey?: unknown };
      requestId = typeof id === 'string' ? id : undefined;
      // The caller's remaining patience becomes this hop's deadline, and bounds what it asks of others.
      const deadline = typeof timeoutMs === 'number' ? started + timeoutMs : undefined;
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      // The handler's observable runs when subscribed: subscribe inside the context too, or the
      // handler itself (past the guards) would run without it.
      const result = await RequestContext.run({ requestId: requestId ?? '', deadline, idempotencyKey }, async () => {
        const outcome = await handler(payload);
        return isObservable(outcome) ? lastValueFrom(outcome as Observable<unknown>, { defaultValue: undefined }) : outcome;
      });
      reply = { result: result ?? null };
    } catch (error) {
      reply = { error: this.toWireError(pattern, error, requestId) };
    }
    this.log.debug({ msg: 'handled', operation: pattern, requestId, ms: Date.now() - started, failed: 'error' in reply || undefined });
    if (!message.reply) return;
    try {
      message.respond(await this.codec.encode(reply));
    } catch (error) {
      this.log.error(`Cannot answer ${pattern}: ${(error as Error).message}`);
    }
  }

  private toWireError(pattern: string, error: unknown, requestId?: string) {
    if (ApiError.isApiError(error)) return error.toWire();
    this.log.error({ msg: `Operation ${pattern} failed`, requestId, error: (error as Error)?.message, stack: (error as Error)?.stack });
    return Errors.internal().toWire();
  }

  /**
   * Stops taking requests (the queue group sends new ones to other replicas), then waits for
   * the ones under way to be answered. Nest closes this before the database and NATS
   * connections, so no accepted request is lost when a replica is stopped.
   */
  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.drain().catch(() => undefined)));
    const deadline = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.all([...this.inFlight]), deadline]);
  }

  on(): never {
    throw new Error('BusServer does not emit transport events');
  }

  unwrap<T>(): T {
    return this.bus.current() as T;
  }
}
