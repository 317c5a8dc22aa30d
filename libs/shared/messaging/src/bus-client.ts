import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { AnyOperation, ApiError, Envelope, Errors, ResponseOf } from '@platform/contracts';
import { PlatformConfig } from '@platform/config';
import { RequestContext } from '@platform/logging';
import { BusConnection } from './bus-connection';
import { PayloadCodec } from './payload-codec';
import { PublishDeferral } from './publish-deferral';
import { RawJson } from './raw-json';
import { Reply, resultOf, resultText } from './reply';
import { NoReplyError, ReplyInbox } from './reply-inbox';

/** How much sooner than its caller a hop gives up waiting. */
const HOP_MARGIN_MS = 200;

export interface RequestOptions {
  /** Overrides the configured request timeout. */
  timeoutMs?: number;
}

export interface BusSubscription {
  unsubscribe(): void;
}

/**
 * How services talk to each other: request/reply to the service owning an operation, and
 * fan-out to every subscriber. Subjects are given without the deployment prefix.
 */
export abstract class BusClient {
  abstract request<T>(subject: string, payload: unknown, options?: RequestOptions): Promise<T>;

  /** Asks the service owning a declared operation; the answer is typed by its contract. */
  call<O extends AnyOperation>(operation: O, envelope: Envelope, options?: RequestOptions): Promise<ResponseOf<O>> {
    return this.request<ResponseOf<O>>(operation.subject, envelope, options);
  }

  /** The same, the answer left as its JSON text: for a caller that only passes it on (the gateway). */
  callForText(operation: AnyOperation, envelope: Envelope, options?: RequestOptions): Promise<RawJson> {
    return this.requestText(operation.subject, envelope, options);
  }

  abstract requestText(subject: string, payload: unknown, options?: RequestOptions): Promise<RawJson>;
  /** Fire-and-forget to every subscriber (not a queue group): used for fan-out signals. */
  abstract publish(subject: string, payload: unknown): Promise<void>;
  /** A plain subscription; every replica receives every message. */
  abstract subscribe(subject: string, onMessage: (payload: unknown) => void | Promise<void>): Promise<BusSubscription>;
  /**
   * Answers requests on a subject of this process alone (not a service's queue group), for work
   * that must reach one particular replica: the answer, or the `ApiError` thrown, goes back to
   * the caller of `request`.
   */
  abstract serve(subject: string, onRequest: (payload: unknown) => Promise<unknown>): Promise<BusSubscription>;
}

/**
 * Request/reply and fan-out over NATS. A request that nobody answers fails fast (no responders)
 * or after the bounded timeout, always as a 503 `ApiError`, never as a hang.
 */
@Injectable()
export class NatsBusClient extends BusClient implements OnApplicationBootstrap {
  private readonly logger = new Logger('BusClient');
  /** Where the replies to this process's requests come, one per connection. */
  private readonly inboxes = new WeakMap<NatsConnection, ReplyInbox>();

  constructor(
    private readonly bus: BusConnection,
    private readonly codec: PayloadCodec,
    private readonly config: PlatformConfig,
  ) {
    super();
  }

  /** Connects in the background: until NATS is up, requests fail fast with 503. */
  onApplicationBootstrap(): void {
    void this.bus.get().catch(() => undefined);
  }

  async request<T>(subject: string, payload: unknown, options?: RequestOptions): Promise<T> {
    return resultOf(JSON.parse(await this.exchange(subject, payload, options)) as Reply) as T;
  }

  async requestText(subject: string, payload: unknown, options?: RequestOptions): Promise<RawJson> {
    return new RawJson(resultText(await this.exchange(subject, payload, options)));
  }

  /** Sends the request and answers the reply's JSON text. */
  private async exchange(subject: string, payload: unknown, options: RequestOptions = {}): Promise<string> {
    const service = subject.split('.')[0];
    // While NATS is down or reconnecting, waiting would only queue the request: fail at once.
    const nc = this.bus.current();
    if (!nc || !this.bus.connected) throw Errors.busUnavailable();
    const timeout = this.timeoutFor(options);
    if (timeout <= 0) throw Errors.serviceUnavailable(service);
    let data: Uint8Array;
    try {
      const message = await this.inboxOf(nc).request(this.bus.subject(subject), await this.codec.encode(payload), timeout);
      data = message.data;
    } catch (error) {
      // Nobody subscribed is known at once (no waiting for the timeout), and said as such.
      if (error instanceof NoReplyError) throw error.reason === 'no-responders' ? Errors.serviceDown(service) : Errors.serviceUnavailable(service);
      if (error instanceof ApiError) throw error;
      // The request's id from its envelope: a gateway keeps no async-local context to take it from.
      this.logger.error({ msg: `Request on ${subject} failed: ${(error as Error).message}`, requestId: (payload as Partial<Envelope>)?.requestId });
      throw Errors.serviceUnavailable(service);
    }
    return this.codec.decodeText(data);
  }

  private inboxOf(nc: NatsConnection): ReplyInbox {
    let inbox = this.inboxes.get(nc);
    if (!inbox) this.inboxes.set(nc, (inbox = new ReplyInbox(nc)));
    return inbox;
  }

  /**
   * The configured timeout, shortened to what the request being served still has (less a margin),
   * so an inner hop gives up first and its caller hears which service failed.
   */
  private timeoutFor(options: RequestOptions): number {
    const configured = options.timeoutMs ?? this.config.requestTimeoutMs;
    const remaining = RequestContext.remainingMs();
    return remaining === undefined ? configured : Math.min(configured, Math.floor(remaining - HOP_MARGIN_MS));
  }

  publish(subject: string, payload: unknown): Promise<void> {
    return PublishDeferral.publish(async () => {
      const nc = await this.bus.get();
      nc.publish(this.bus.subject(subject), await this.codec.encode(payload));
    });
  }

  /**
   * Messages are handled one after another, in the order they were published. A message sent by
   * value is handled as soon as it is read when none is still being handled: a notice that voids
   * a cache entry then takes effect before any request that arrived after it is served (requests
   * are dispatched as they are read too), so the request is not answered from the voided entry.
   */
  async subscribe(subject: string, onMessage: (payload: unknown) => void | Promise<void>): Promise<BusSubscription> {
    const nc = await this.bus.get();
    let handling: Promise<void> | undefined;
    const handle = (data: Uint8Array): Promise<void> | undefined => {
      const failed = (error: Error) => this.logger.error(`Handler for ${subject} failed: ${error.message}`);
      try {
        const inline = this.codec.decodeInline(data);
        const done = inline ? onMessage(inline.value) : this.codec.decode(data).then(onMessage);
        return done instanceof Promise ? done.catch(failed) : undefined;
      } catch (error) {
        failed(error as Error);
        return undefined;
      }
    };
    const subscription = nc.subscribe(this.bus.subject(subject), {
      callback: (error, message) => {
        if (error) return this.logger.error(`Subscription ${subject} failed: ${error.message}`);
        const next = handling ? handling.then(() => handle(message.data)) : handle(message.data);
        if (!next) return;
        handling = next;
        void next.then(() => {
          if (handling === next) handling = undefined;
        });
      },
    });
    // Only once the server knows the subscription can no message published after this be missed.
    await nc.flush();
    return subscription;
  }

  async serve(subject: string, onRequest: (payload: unknown) => Promise<unknown>): Promise<BusSubscription> {
    const nc = await this.bus.get();
    const subscription = nc.subscribe(this.bus.subject(subject), {
      callback: (error, message) => {
        if (error) return this.logger.error(`Subscription ${subject} failed: ${error.message}`);
        void (async () => {
          let reply: Reply;
          try {
            reply = { result: (await onRequest(await this.codec.decode(message.data))) ?? null };
          } catch (failure) {
            if (!ApiError.isApiError(failure)) this.logger.error(`Serving ${subject} failed: ${(failure as Error).message}`);
            reply = { error: (ApiError.isApiError(failure) ? failure : Errors.internal()).toWire() };
          }
          if (message.reply) message.respond(await this.codec.encode(reply));
        })().catch((failure: Error) => this.logger.error(`Cannot answer on ${subject}: ${failure.message}`));
      },
    });
    await nc.flush();
    return subscription;
  }
}
