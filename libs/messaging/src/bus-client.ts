import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ErrorCode, NatsError } from 'nats';
import { ApiError, Errors } from '@platform/contracts';
import { PlatformConfig } from '@platform/config';
import { BusConnection } from './bus-connection';
import { PayloadCodec } from './payload-codec';
import { Reply } from './reply';

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
  /** Fire-and-forget to every subscriber (not a queue group): used for fan-out signals. */
  abstract publish(subject: string, payload: unknown): Promise<void>;
  /** A plain subscription; every replica receives every message. */
  abstract subscribe(subject: string, onMessage: (payload: unknown) => void | Promise<void>): Promise<BusSubscription>;
}

/**
 * Request/reply and fan-out over NATS. A request that nobody answers fails fast (no responders)
 * or after the bounded timeout, always as a 503 `ApiError`, never as a hang.
 */
@Injectable()
export class NatsBusClient extends BusClient implements OnApplicationBootstrap {
  private readonly logger = new Logger('BusClient');

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

  async request<T>(subject: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
    const service = subject.split('.')[0];
    const nc = this.bus.current();
    if (!nc) throw Errors.serviceUnavailable(service);
    let data: Uint8Array;
    try {
      const message = await nc.request(this.bus.subject(subject), await this.codec.encode(payload), {
        timeout: options.timeoutMs ?? this.config.requestTimeoutMs,
      });
      data = message.data;
    } catch (error) {
      if (error instanceof NatsError && (error.code === ErrorCode.NoResponders || error.code === ErrorCode.Timeout)) {
        throw Errors.serviceUnavailable(service);
      }
      if (error instanceof ApiError) throw error;
      this.logger.error(`Request on ${subject} failed: ${(error as Error).message}`);
      throw Errors.serviceUnavailable(service);
    }
    const reply = (await this.codec.decode(data)) as Reply;
    if ('error' in reply) throw ApiError.fromWire(reply.error);
    return reply.result as T;
  }

  async publish(subject: string, payload: unknown): Promise<void> {
    const nc = await this.bus.get();
    nc.publish(this.bus.subject(subject), await this.codec.encode(payload));
  }

  async subscribe(subject: string, onMessage: (payload: unknown) => void | Promise<void>): Promise<BusSubscription> {
    const nc = await this.bus.get();
    const subscription = nc.subscribe(this.bus.subject(subject));
    // Only once the server knows the subscription can no message published after this be missed.
    await nc.flush();
    void (async () => {
      for await (const message of subscription) {
        try {
          await onMessage(await this.codec.decode(message.data));
        } catch (error) {
          this.logger.error(`Handler for ${subject} failed: ${(error as Error).message}`);
        }
      }
    })();
    return subscription;
  }
}
