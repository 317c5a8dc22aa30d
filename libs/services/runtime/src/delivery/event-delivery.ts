import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BotInvalidation, MessageProcessingStatus, RuntimeMessageView, Subjects } from '@platform/contracts';
import { BusClient, BusSubscription } from '@platform/messaging';
import { PeriodicTask } from '@platform/persistence';
import { BotLogsService } from '../bot-logs/bot-logs.service';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { retryDelay } from './backoff';
import { BotDirectory } from './bot-directory';
import { BotCodeEndpoint } from './bot-code-endpoint';
import { BotEndpoint, DeliveryOutcome } from './bot-endpoint';
import { toBotEvent } from './bot-event';
import { laneKey } from './lanes';
import { Lane, MailboxesRepository } from './mailboxes.repository';

/** How long an idle dispatcher waits before looking for due lanes again (a wake-up comes sooner). */
const IDLE_POLL_MS = 500;
/** Events delivered in one lane before it is given back, so busy lanes take turns. */
const EVENTS_PER_TURN = 20;
/** A bot with no url (or code) to deliver to is looked at again this often. */
const PARKED_LANE_MS = 60000;

/**
 * Delivers events to bot code (docs/architecture.md, "Delivery"): at least once, in order within
 * a lane (a conversation), retried with backoff while the bot fails, and marked failed after a
 * bounded number of attempts so the lane moves on.
 *
 * Each replica leases due lanes from the queue in Postgres and delivers them concurrently, with
 * at most `DELIVERY_CONCURRENCY` deliveries in progress and `DELIVERY_CONCURRENCY_PER_BOT` for
 * any one bot: a failing lane waits out its backoff without holding anything, and a slow or
 * hanging bot holds only its own share, so other bots are not delayed. Leases are renewed while
 * a delivery is in progress; a replica that dies stops renewing, and its lanes are taken over
 * within `DELIVERY_LEASE_MS` (the event is delivered again, with the same id: a bot sees a
 * redelivery as an event id it already had).
 */
@Injectable()
export class EventDelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventDelivery');
  /** This replica's name on the leases it holds. */
  private readonly owner = `runtime-${randomUUID()}`;
  private readonly inFlight = new Map<string, Lane>();
  private readonly perBot = new Map<string, number>();
  private readonly botUsers = new Set<string>();
  private readonly subscriptions: BusSubscription[] = [];
  private wake?: () => void;
  /** A wake-up came since the dispatcher last began looking for due lanes. */
  private woken = false;
  private stopped = false;
  private running?: Promise<void>;
  /** Renews the leases of lanes being delivered, one round at a time. */
  private readonly leases: PeriodicTask;

  constructor(
    private readonly mailboxes: MailboxesRepository,
    private readonly events: EventsRepository,
    private readonly users: UsersRepository,
    private readonly directory: BotDirectory,
    private readonly endpoint: BotEndpoint,
    private readonly code: BotCodeEndpoint,
    private readonly botLogs: BotLogsService,
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
    private readonly signals: ConversationSignals,
  ) {
    // Three rounds per lease, so one late round does not lose it.
    this.leases = new PeriodicTask(this.logger, 'Renewing delivery leases', Math.max(250, Math.floor(config.deliveryLeaseMs / 3)), () => this.renewLeases());
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(await this.bus.subscribe(Subjects.delivery.wake, () => this.wakeUp()));
    // A bot whose url or code changed gets its waiting lanes delivered at once.
    this.subscriptions.push(
      await this.bus.subscribe(Subjects.invalidate.bot, async (notice) => {
        await this.mailboxes.wakeBot((notice as BotInvalidation).botId).catch(() => undefined);
        this.wakeUp();
      }),
    );
    this.leases.start();
    this.running = this.dispatch();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wakeUp();
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    await this.leases.stop();
    await this.running;
    // Deliveries under way end within their timeout; what is left goes back to the queue at once.
    const deadline = Date.now() + this.config.deliveryTimeoutMs;
    while (this.inFlight.size > 0 && Date.now() < deadline) await sleep(50);
    await this.mailboxes.releaseAll(this.owner).catch(() => undefined);
  }

  /** Events were queued (here or on another replica): look for due lanes now. */
  wakeUp(): void {
    this.woken = true;
    this.wake?.();
  }

  private async dispatch(): Promise<void> {
    while (!this.stopped) {
      // A wake-up while the claim below is under way may be for events it did not see: it is kept, and the next idle is skipped.
      this.woken = false;
      const free = this.config.deliveryConcurrency - this.inFlight.size;
      let claimed: Lane[] = [];
      if (free > 0) {
        claimed = await this.mailboxes
          .claim(this.owner, free, this.config.deliveryConcurrencyPerBot, this.config.deliveryLeaseMs, this.perBot)
          .catch((error) => {
            this.logger.warn(`Cannot look for events to deliver (${(error as Error).message}); retrying`);
            return [];
          });
        // The claim leaves each bot's room in this replica (its lanes under way count), and only this loop starts deliveries.
        for (const lane of claimed) this.start(lane);
      }
      if (claimed.length === 0 || free <= claimed.length) await this.idle();
    }
  }

  /** Waits for a wake-up, a finished delivery or the poll interval, whichever comes first. */
  private idle(): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, IDLE_POLL_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private start(lane: Lane): void {
    const key = laneKey(lane);
    this.inFlight.set(key, lane);
    this.perBot.set(lane.botId, (this.perBot.get(lane.botId) ?? 0) + 1);
    void this.deliverLane(lane)
      .catch(async (error) => {
        // Database or admin unreachable: the lane is tried again shortly.
        this.logger.warn(`Delivery interrupted (${(error as Error).message}); retrying`);
        await this.mailboxes.release(this.owner, lane, this.config.eventRetryBaseMs).catch(() => undefined);
      })
      .finally(() => {
        this.inFlight.delete(key);
        const left = (this.perBot.get(lane.botId) ?? 1) - 1;
        if (left > 0) this.perBot.set(lane.botId, left);
        else this.perBot.delete(lane.botId);
        this.wakeUp();
      });
  }

  /** Delivers the lane's pending events in order, until it is empty, must wait, or has had its turn. */
  private async deliverLane(lane: Lane): Promise<void> {
    let event = await this.events.nextPending(lane.botId, lane.lane);
    for (let turn = 0; turn < EVENTS_PER_TURN && !this.stopped; turn++) {
      if (!event) return this.mailboxes.close(this.owner, lane);
      const target = await this.directory.target(lane.botId).catch((error) => {
        if ((error as { code?: number }).code === 404) return undefined;
        throw error;
      });
      // A deleted bot, or a bot without code: its events stay readable, undelivered.
      if (!target?.url && !target?.deployedAt) return this.mailboxes.release(this.owner, lane, PARKED_LANE_MS);
      await this.ensureBotUser(lane.botId);
      this.tellProcessing(event, 'processing');
      const started = Date.now();
      const body = JSON.stringify({ event: toBotEvent(event) });
      const headers = {
        'x-bot-id': event.botId,
        'x-bot-user-id': event.botId,
        'x-bp-operation': 'event_received',
        'x-bp-type': event.type,
        'x-bp-configuration': Buffer.from(JSON.stringify(target.configuration)).toString('base64'),
      };
      // Deployed code wins over a url (docs/bot-hosting.md): one pipeline, two kinds of target.
      const outcome = target.deployedAt
        ? await this.code.deliver(event.botId, target.revision, headers, body)
        : await this.endpoint.deliver({ url: target.url!, body, headers, signingSecrets: target.signingSecrets });
      // The lane's next event comes with the write that settles this one, unless this was its last turn.
      const settled = await this.settle(event, outcome, Date.now() - started, turn + 1 < EVENTS_PER_TURN ? lane : undefined);
      this.tellProcessing(event, settled.retryIn !== undefined ? 'pending' : outcome.ok ? 'processed' : 'failed');
      if (settled.retryIn !== undefined) return this.mailboxes.release(this.owner, lane, settled.retryIn);
      if (turn + 1 === EVENTS_PER_TURN) break;
      // Its last event delivered, the lane's mailbox went with the write that settled it.
      if (settled.closed) return;
      event = settled.next !== undefined ? settled.next : await this.events.nextPending(lane.botId, lane.lane);
    }
    // Its turn is over: due again at once, behind the lanes that were waiting.
    await this.mailboxes.release(this.owner, lane, 0);
  }

  /**
   * Records a delivery's outcome: the delay before the lane's next attempt when the event is to
   * be retried; otherwise, when a delivered event's lane is given, the lane's next pending event
   * (null: none), read with the write, and whether the lane, left empty, was closed by it.
   */
  private async settle(
    event: EventEntity,
    outcome: DeliveryOutcome,
    ms: number,
    lane?: Lane,
  ): Promise<{ retryIn?: number; next?: EventEntity | null; closed?: boolean }> {
    const context = { conversationId: event.conversationId, userId: event.userId };
    if (outcome.ok) {
      const line = this.botLogs.statement(event.botId, 'info', `Delivered event ${event.id} (${event.type}) in ${ms} ms`, context);
      const after = await this.events.markProcessed(
        event,
        [line],
        lane && { lane: lane.lane, closing: this.mailboxes.closeStatement(this.owner, lane, event.id) },
      );
      return lane === undefined ? {} : after;
    }
    const final = !outcome.retry || event.attempts + 1 >= this.config.eventMaxAttempts;
    const attempts = await this.events.recordFailure(event, outcome.reason, final);
    if (final) {
      const why = outcome.retry ? `failed after ${attempts} attempts` : 'failed';
      this.logger.warn(`Event ${event.id} of bot ${event.botId} ${why}: ${outcome.reason}`);
      await this.botLogs.write(event.botId, 'error', `Event ${event.id} (${event.type}) ${why}: ${outcome.reason}`, context);
      return {};
    }
    const delay = retryDelay(attempts, this.config.eventRetryBaseMs, this.config.eventRetryMaxMs);
    await this.botLogs.write(
      event.botId,
      'warn',
      `Delivery of event ${event.id} (${event.type}) failed, attempt ${attempts} of ${this.config.eventMaxAttempts}: ${outcome.reason}; retrying in ${delay} ms`,
      context,
    );
    return { retryIn: delay };
  }

  /** The conversation's listeners learn that the bot is handling an incoming message (the web chat shows it typing), or is done. */
  private tellProcessing(event: EventEntity, status: MessageProcessingStatus): void {
    const message = event.payload.message as RuntimeMessageView | undefined;
    if (event.type !== 'message_created' || !event.conversationId || !message) return;
    this.signals.emit(event.botId, event.conversationId, { type: 'message_status_changed', message, status });
  }

  /** Keeps the leases of lanes being delivered; a lane lost to another replica is let go after its current delivery. */
  private async renewLeases(): Promise<void> {
    const lanes = [...this.inFlight.values()];
    const lost = await this.mailboxes.renew(this.owner, lanes, this.config.deliveryLeaseMs).catch(() => []);
    // A lane that finished meanwhile closed or gave back its mailbox itself: not lost.
    for (const lane of lost.filter((l) => this.inFlight.has(laneKey(l)))) {
      this.logger.warn(`Lost the lease of lane ${lane.lane} of bot ${lane.botId}`);
    }
  }

  /** The bot writes its replies as its own user, whose id is the bot id. */
  private async ensureBotUser(botId: string): Promise<void> {
    if (this.botUsers.has(botId)) return;
    const now = new Date();
    await this.users.insertIfAbsent({ botId, id: botId, integration: null, name: 'Bot', pictureUrl: null, tags: {}, createdAt: now, updatedAt: now });
    this.botUsers.add(botId);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
