import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConsumerMessages, JsMsg } from 'nats';
import { PlatformConfig } from '@platform/config';
import { BotLogsService } from '../bot-logs/bot-logs.service';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { UsersRepository } from '../users/users.repository';
import { PARTITIONS, retryDelay } from './backoff';
import { BotDirectory } from './bot-directory';
import { toBotEvent } from './bot-event';
import { EventStream } from './event-stream';

type Outcome = { ok: true } | { ok: false; reason: string };

/**
 * Delivers events to bot code (DESIGN §7): at least once, in order within a conversation,
 * retried with exponential backoff while the bot answers 5xx or cannot be reached, and marked
 * failed after a bounded number of attempts so the conversation moves on.
 */
@Injectable()
export class EventDelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventDelivery');
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly botUsers = new Set<string>();
  private stopped = false;

  constructor(
    private readonly stream: EventStream,
    private readonly events: EventsRepository,
    private readonly users: UsersRepository,
    private readonly directory: BotDirectory,
    private readonly botLogs: BotLogsService,
    private readonly config: PlatformConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const messages of this.subscriptions.splice(0)) messages.stop();
  }

  private async start(): Promise<void> {
    for (let delay = 500; !this.stopped; delay = Math.min(delay * 2, 5000)) {
      try {
        const js = await this.stream.client();
        for (let p = 0; p < PARTITIONS && !this.stopped; p++) {
          const consumer = await js.consumers.get(this.stream.streamName, this.stream.consumerName(p));
          const messages = await consumer.consume({ max_messages: 1 });
          this.subscriptions.push(messages);
          void this.drain(messages);
        }
        return;
      } catch (error) {
        this.logger.warn(`Cannot start event delivery (${(error as Error).message}); retrying in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async drain(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      try {
        await this.handle(message);
      } catch (error) {
        // Database or admin unreachable: try the same event again shortly.
        this.logger.warn(`Delivery interrupted (${(error as Error).message}); retrying`);
        message.nak(this.config.eventRetryBaseMs);
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const { botId, eventId } = this.stream.decode(message.data);
    const event = await this.events.find(botId, eventId);
    // Gone, or already settled by an earlier delivery of the same message: nothing to do.
    if (!event || event.status !== 'pending') return message.ack();
    const target = await this.directory.target(botId).catch((error) => {
      if ((error as { code?: number }).code === 404) return undefined;
      throw error;
    });
    // A deleted bot, or a bot without code: its events stay readable, undelivered.
    if (!target || !target.url) return message.ack();

    await this.ensureBotUser(botId);
    const started = Date.now();
    const outcome = await this.post(target.url, event, target.configuration);
    const context = { conversationId: event.conversationId, userId: event.userId };
    if (outcome.ok) {
      await this.events.markProcessed(botId, eventId);
      await this.botLogs.write(botId, 'info', `Delivered event ${eventId} (${event.type}) in ${Date.now() - started} ms`, context);
      return message.ack();
    }
    const final = event.attempts + 1 >= this.config.eventMaxAttempts;
    const attempts = await this.events.recordFailure(event, outcome.reason, final);
    if (final) {
      this.logger.warn(`Event ${eventId} of bot ${botId} failed after ${attempts} attempts: ${outcome.reason}`);
      await this.botLogs.write(botId, 'error', `Event ${eventId} (${event.type}) failed after ${attempts} attempts: ${outcome.reason}`, context);
      return message.ack();
    }
    const delay = retryDelay(attempts, this.config.eventRetryBaseMs, this.config.eventRetryMaxMs);
    await this.botLogs.write(botId, 'warn', `Delivery of event ${eventId} (${event.type}) failed, attempt ${attempts} of ${this.config.eventMaxAttempts}: ${outcome.reason}; retrying in ${delay} ms`, context);
    message.nak(delay);
  }

  /** POST following the `@botpress/sdk` bot-server convention. */
  private async post(url: string, event: EventEntity, configuration: Record<string, unknown>): Promise<Outcome> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-bot-id': event.botId,
          'x-bot-user-id': event.botId,
          'x-bp-operation': 'event_received',
          'x-bp-type': event.type,
          'x-bp-configuration': Buffer.from(JSON.stringify(configuration)).toString('base64'),
        },
        body: JSON.stringify({ event: toBotEvent(event) }),
        signal: AbortSignal.timeout(this.config.deliveryTimeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { ok: true };
      return { ok: false, reason: `The bot answered ${res.status}` };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { ok: false, reason: `The bot could not be reached (${cause ?? (error as Error).name})` };
    }
  }

  /** The bot writes its replies as its own user, whose id is the bot id. */
  private async ensureBotUser(botId: string): Promise<void> {
    if (this.botUsers.has(botId)) return;
    const now = new Date();
    await this.users.insertIfAbsent({ botId, id: botId, integration: null, name: 'Bot', pictureUrl: null, profile: null, tags: {}, createdAt: now, updatedAt: now });
    this.botUsers.add(botId);
  }
}
