import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { PlatformConfig } from '@platform/config';
import { batchWrites } from './batched-writes';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * The process's one NATS connection. Connecting retries forever with bounded backoff and says
 * why in one line per attempt, so a service started before NATS simply waits for it.
 */
@Injectable()
export class BusConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('Bus');
  private connection?: NatsConnection;
  /** False from a lost connection until it is back: requests then fail at once instead of queueing. */
  private up = false;
  private connecting?: Promise<NatsConnection>;
  private closed = false;

  constructor(private readonly config: PlatformConfig) {}

  get prefix(): string {
    return this.config.natsPrefix;
  }

  subject(name: string): string {
    return `${this.config.natsPrefix}.${name}`;
  }

  /** The live connection, connecting first if needed. */
  async get(): Promise<NatsConnection> {
    if (this.connection && !this.connection.isClosed()) return this.connection;
    this.connecting ??= this.connectWithRetry().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Whether the connection is up right now (not lost, not reconnecting). */
  get connected(): boolean {
    return this.up && this.current() !== undefined;
  }

  /** The connection if it is up right now, without waiting. */
  current(): NatsConnection | undefined {
    return this.connection && !this.connection.isClosed() ? this.connection : undefined;
  }

  private async connectWithRetry(): Promise<NatsConnection> {
    let delay = RETRY_MIN_MS;
    for (;;) {
      if (this.closed) throw new Error('Bus connection closed');
      try {
        const nc = await connect({
          servers: this.config.natsUrl,
          name: `${this.config.natsPrefix}`,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1000,
          timeout: 3000,
          // No Error built per request to carry the caller's stack: failures are reported by subject.
          noAsyncTraces: true,
          ...(this.config.natsUser ? { user: this.config.natsUser, pass: this.config.natsPassword } : {}),
        });
        batchWrites(nc);
        this.connection = nc;
        this.up = true;
        this.logger.debug(`Connected to NATS at ${this.safeUrl()}`);
        void this.watch(nc);
        return nc;
      } catch (error) {
        this.logger.warn(`Cannot reach NATS at ${this.safeUrl()} (${(error as Error).message}); retrying in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
  }

  private async watch(nc: NatsConnection) {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        this.up = false;
        this.logger.warn(`Lost NATS connection; reconnecting`);
      }
      if (status.type === 'reconnect') {
        this.up = true;
        this.logger.log(`Reconnected to NATS`);
      }
    }
  }

  private safeUrl(): string {
    return this.config.natsUrl.replace(/\/\/[^@/]*@/, '//***@');
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const nc = this.connection;
    this.connection = undefined;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
  }
}
