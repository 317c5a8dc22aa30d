import { randomUUID } from 'node:crypto';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BotInvalidation, MessageProcessingStatus, RuntimeMessageView, Subjects } from '@platform/contracts';
import { RequestContext } from '@platform/logging';
import { BusClient, BusSubscription } from '@platform/messaging';
import { PeriodicTask, RequestTransactions, TurnBatches } from '@platform/persistence';
import { BotLogsService } from '../bot-logs/bot-logs.service';
import { EventEntity } from '../events/event.entity';
import { Delivered, EventsRepository, LaneAfter } from '../events/events.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { retryDelay } from './backoff';
import { BotDirectory } from './bot-directory';
import { BotCodeEndpoint } from './bot-code-endpoint';
import { BotEndpoint, DeliveryOutcome } from './bot-endpoint';
import { toBotEvent } from './bot-event';
import { LaneLease, laneKey, laneOf, ofLane } from './lanes';
import { Lane, MailboxesRepository } from './mailboxes.repository';

/** How long an idle dispatcher waits before looking for due lanes again (a wake-up comes sooner). */
const IDLE_POLL_MS = 500;
/** Events delivered in one lane before it is given back, so busy lanes take turns. */
const EVENTS_PER_TURN = 20;
/**
 * Lanes are handed off (`handoff`) only while the bot and the replica use less than this share of
 * their delivery limits. Nearer the limits, lanes go through the queue, which serves them in due
 * order: handing off there let new conversations overtake waiting ones (32 chats at once with the
 * echo bot, a share of 16: p99 of a turn 288-372 → 423-597 ms).
 */
const HANDOFF_SHARE = 0.5;
/** A bot with no url (or code) to deliver to is looked at again this often. */
const PARKED_LANE_MS = 60000;
/** Lanes whose delivered events are marked processed in one statement at most (`TurnBatches`). */
const MAX_SETTLED_TOGETHER = 16;

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
 * redelivery as an event id it already had). A lane that a write of this replica opens is
 * handed to this replica's deliveries directly, when it has room (`handoff`).
 */
@Injectable()
export class EventDelivery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventDelivery');
  /** This replica's name on the leases it holds. */
  private readonly owner = `runtime-${randomUUID()}`;
  private readonly inFlight = new Map<string, Lane>();
  /** Lanes being delivered and room held for handoffs, by bot. */
  private readonly perBot = new Map<string, number>();
  /** Room held for writes under way that may open a lane for this replica (`handoff`). */
  private reserved = 0;
  /**
   * Whether the dispatcher, when it last looked, may have left due lanes waiting for want of room:
   * this replica's (all bots), or the share of the bots listed. Room that frees up for them makes
   * it look again, and until it has, their new lanes are not handed off: lanes waiting in the
   * queue take the room first, in due order.
   */
  private replicaFull = false;
  private saturated = new Set<string>();
  private readonly botUsers = new Set<string>();
  private readonly subscriptions: BusSubscription[] = [];
  private wake?: () => void;
  /** A wake-up came since the dispatcher last began looking for due lanes. */
  private woken = false;
  private stopped = false;
  private running?: Promise<void>;
  /** Renews the leases of lanes being delivered, one round at a time. */
  private readonly leases: PeriodicTask;
  /** The lanes in flight whose leases the last round did not renew (`renewLeases`). */
  private notRenewed = new Set<string>();
  /**
   * The events of different lanes delivered in one turn are marked processed in one statement
   * (bot answers come in bursts as requests do); lone events' lanes and conversations' go apart,
   * the condition on their events being of another text.
   */
  private readonly settling = new TurnBatches<Delivered, LaneAfter>({
    max: MAX_SETTLED_TOGETHER,
    shape: ({ lane }) => ofLane('e', lane.lane, '$1').condition,
    run: (delivered) => this.events.markProcessedAll(delivered),
  });

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

  /**
   * Before anything closes: the deliveries under way end and are recorded while the database and
   * the connections to bots are still open. Ended later, beside the other shutdown hooks, they were
   * cut as the connections to bots closed, and the events that bots had already taken were
   * delivered again by another replica (a few at each replica replaced under `npm run soak`).
   */
  async beforeApplicationShutdown(): Promise<void> {
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

  /**
   * Room to deliver at once the lane that a write about to be made opens for `event` (a pending
   * event of a lane with no mailbox: a conversation with nothing waiting, the usual case of a
   * user who writes and waits for the answer). The write gives the lane's new mailbox this
   * replica's `lease` (`enqueueLanesStatement`) and then tells `done` whether it opened the lane:
   * if it did, the event, the lane's only pending one, is delivered from memory with no claim,
   * no read and no wake-up notice; if not (the lane had a mailbox, so a dispatcher has it or will
   * find it) or if the write failed, the room is given back. None when the bot or this replica
   * uses `HANDOFF_SHARE` of its limits or more, when lanes of the bot may be waiting for room, when
   * stopping, and inside a request transaction, whose commit comes later: the write then queues
   * the lane for the dispatchers as always.
   */
  handoff(event: EventEntity): LaneHandoff | undefined {
    const botId = event.botId;
    if (this.stopped || RequestTransactions.isOpen() || this.replicaFull || this.saturated.has(botId) || !this.hasRoom(botId, HANDOFF_SHARE)) return undefined;
    this.reserved++;
    this.joinBot(botId);
    let held = true;
    return {
      lease: { owner: this.owner, ms: this.config.deliveryLeaseMs },
      done: (opened) => {
        if (!held) return;
        held = false;
        this.reserved--;
        this.leaveBot(botId);
        // The delivery is not part of the write's request: it keeps its id for the logs, not its deadline.
        if (opened) RequestContext.detached(() => this.start({ botId, lane: laneOf(event) }, event));
        else this.roomFreed(botId);
      },
    };
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
      const free = this.config.deliveryConcurrency - this.inFlight.size - this.reserved;
      let claimed: Lane[] = [];
      if (free > 0) {
        claimed = await this.mailboxes
          .claim(this.owner, free, this.config.deliveryConcurrencyPerBot, this.config.deliveryLeaseMs, this.perBot)
          .catch((error) => {
            this.logger.warn(`Cannot look for events to deliver (${(error as Error).message}); retrying`);
            return [];
          });
        // The claim leaves each bot's room in this replica (its lanes under way count); a handoff
        // may have taken some of it meanwhile, and a lane left without room goes back, due at once.
        for (const lane of claimed) {
          if (this.hasRoom(lane.botId)) {
            this.start(lane);
            continue;
          }
          await this.mailboxes.release(this.owner, lane, 0).catch(() => undefined);
        }
      }
      // What the claim may have left waiting: all lanes when it filled the room it had, a bot's
      // lanes when its share is used up (a claim leases none of them beyond it).
      this.replicaFull = claimed.length >= free || this.inFlight.size + this.reserved >= this.config.deliveryConcurrency;
      this.saturated = new Set([...this.perBot].filter(([, lanes]) => lanes >= this.config.deliveryConcurrencyPerBot).map(([botId]) => botId));
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

  /** Whether the replica and the bot have room left, within `share` of their limits. */
  private hasRoom(botId: string, share = 1): boolean {
    return (
      this.inFlight.size + this.reserved < this.config.deliveryConcurrency * share &&
      (this.perBot.get(botId) ?? 0) < this.config.deliveryConcurrencyPerBot * share
    );
  }

  /** One more lane (or room held for one) of the bot here; `leaveBot` one less. */
  private joinBot(botId: string): void {
    this.perBot.set(botId, (this.perBot.get(botId) ?? 0) + 1);
  }

  private leaveBot(botId: string): void {
    const left = (this.perBot.get(botId) ?? 1) - 1;
    if (left > 0) this.perBot.set(botId, left);
    else this.perBot.delete(botId);
  }

  /** Room freed up (of `botId`'s share): the dispatcher looks again if it may have left lanes waiting for it. */
  private roomFreed(botId: string): void {
    if (this.replicaFull || this.saturated.has(botId)) this.wakeUp();
  }

  /** Delivers a leased lane (from its first pending event when it is given) until it is given back. */
  private start(lane: Lane, first?: EventEntity): void {
    const key = laneKey(lane);
    this.inFlight.set(key, lane);
    this.joinBot(lane.botId);
    void this.deliverLane(lane, first)
      .catch(async (error) => {
        // Database or admin unreachable: the lane is tried again shortly.
        this.logger.warn(`Delivery interrupted (${(error as Error).message}); retrying`);
        await this.mailboxes.release(this.owner, lane, this.config.eventRetryBaseMs).catch(() => undefined);
        return false;
      })
      .then((dueAgain) => {
        this.inFlight.delete(key);
        this.leaveBot(lane.botId);
        this.roomFreed(lane.botId);
        // Given back due at once: a claim, here or on another replica, takes it up again.
        if (dueAgain) this.wakeUp();
      });
  }

  /**
   * Delivers the lane's pending events in order, until it is empty, must wait, or has had its
   * turn; answers whether it gave the lane back due at once (its turn over, or an event came as
   * it was being closed). A lane left to wait (a retry's backoff, a bot without url) is looked at
   * again by the dispatcher's poll.
   */
  private async deliverLane(lane: Lane, first?: EventEntity): Promise<boolean> {
    let event = first ?? (await this.events.nextPending(lane.botId, lane.lane));
    for (let turn = 0; turn < EVENTS_PER_TURN && !this.stopped; turn++) {
      if (!event) return !(await this.mailboxes.close(this.owner, lane));
      const target = await this.directory.target(lane.botId).catch((error) => {
        if ((error as { code?: number }).code === 404) return undefined;
        throw error;
      });
      // A deleted bot, or a bot without code: its events stay readable, undelivered.
      if (!target?.url && !target?.deployedAt) {
        await this.mailboxes.release(this.owner, lane, PARKED_LANE_MS);
        return false;
      }
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
      if (settled.retryIn !== undefined) {
        await this.mailboxes.release(this.owner, lane, settled.retryIn);
        return false;
      }
      if (turn + 1 === EVENTS_PER_TURN) break;
      // Its last event delivered, the lane's mailbox went with the write that settled it.
      if (settled.closed) return false;
      event = settled.next !== undefined ? settled.next : await this.events.nextPending(lane.botId, lane.lane);
    }
    // Its turn is over: due again at once, behind the lanes that were waiting.
    await this.mailboxes.release(this.owner, lane, 0);
    return true;
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
      if (lane === undefined) {
        await this.events.markProcessed(event, [line]);
        return {};
      }
      const delivered = { event, alongside: [line], lane: { lane: lane.lane, closing: this.mailboxes.closeStatement(this.owner, lane, event.id) } };
      // With one lane under way there is nothing to gather: its next event is read at once.
      return this.inFlight.size > 1 ? this.settling.add(delivered) : this.events.markProcessed(delivered.event, delivered.alongside, delivered.lane);
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

  /**
   * Keeps the leases of lanes being delivered; a lane lost to another replica is let go after its
   * current delivery. A lane whose delivery is ending is found held no more for a moment: the
   * statement that gives it back or closes it has run, and the lane counts as in flight until that
   * statement's answer is read. So a lane is lost only when found so at two renewals in a row,
   * still in flight; at one, the warning was mostly of such lanes (ten in a soak of 150 s, in which
   * no event was delivered twice).
   */
  private async renewLeases(): Promise<void> {
    const lanes = [...this.inFlight.values()];
    const notRenewed = await this.mailboxes.renew(this.owner, lanes, this.config.deliveryLeaseMs).catch(() => []);
    const stillInFlight = notRenewed.filter((lane) => this.inFlight.has(laneKey(lane)));
    for (const lane of stillInFlight.filter((l) => this.notRenewed.has(laneKey(l)))) {
      this.logger.warn(`Lost the lease of lane ${lane.lane} of bot ${lane.botId}`);
    }
    this.notRenewed = new Set(stillInFlight.map(laneKey));
  }

  /** The bot writes its replies as its own user, whose id is the bot id. */
  private async ensureBotUser(botId: string): Promise<void> {
    if (this.botUsers.has(botId)) return;
    const now = new Date();
    await this.users.insertIfAbsent({ botId, id: botId, integration: null, name: 'Bot', pictureUrl: null, tags: {}, createdAt: now, updatedAt: now });
    this.botUsers.add(botId);
  }
}

/** Room held for the lane a write may open (`EventDelivery.handoff`). */
export interface LaneHandoff {
  /** The lease the write gives the lane's mailbox if it opens it. */
  readonly lease: LaneLease;
  /** Whether the write opened the lane under the lease (false also when it failed); only the first call counts. */
  done(opened: boolean): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
