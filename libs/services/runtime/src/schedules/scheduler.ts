import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Subjects } from '@platform/contracts';
import { BusClient, BusSubscription } from '@platform/messaging';
import { BotLogsService } from '../bot-logs/bot-logs.service';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { EventOutbox } from '../delivery/event-outbox';
import { enqueueLanes } from '../delivery/lanes';
import { toRuntimeEventView } from '../events/event-view';
import { EventEntity } from '../events/event.entity';
import { newEvent } from '../events/new-event';
import { MessageWriter } from '../messages/message-writer';
import { MessageEntity } from '../messages/message.entity';
import { MessagesRepository } from '../messages/messages.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { toRuntimeStateResponse } from '../states/state-view';
import { StatesRepository } from '../states/states.repository';
import { TasksRepository } from '../tasks/tasks.repository';
import { WorkflowEvents, WORKFLOW_UPDATE } from '../workflows/workflow-events';
import { WorkflowsRepository } from '../workflows/workflows.repository';
import { DueItem, ScheduledMessageBody, SchedulesRepository } from './schedules.repository';

/** Longest an idle scheduler waits before looking again: a state expiry set meanwhile (no notice tells of one), or an item whose notice was lost, is seen by then. */
const POLL_MS = 250;
/** Shortest pause between two rounds that were not full. */
const MIN_IDLE_MS = 20;
/** Items fired in one transaction. */
const BATCH = 100;
/** Type of the event a state's expiry delivers to the bot (the sdk's `bot.on.stateExpired`). */
export const STATE_EXPIRED = 'state_expired';

/** Whether a time from `SchedulesRepository.upcoming` has come. */
const isDue = (ms: number | null): boolean => ms !== null && ms <= 0;

/** What a committed batch has to tell: events to deliver, messages and events to show listeners. */
interface Fired {
  events: EventEntity[];
  messages: Array<{ message: MessageEntity; event?: EventEntity }>;
  count: number;
}

/**
 * Fires what is due (docs/architecture.md, "Scheduling"): scheduled events become pending and go
 * to the bot through the delivery pipeline, scheduled messages are created, active workflows
 * past their timeout become `timedout` with a `workflow_timedout` event, unfinished tasks
 * past theirs become `timeout`, and expired states
 * are deleted with a `state_expired` event for the bot. Every replica runs one and they take
 * turns (an advisory lock held by the firing transaction), so items fire in due order; an item
 * is taken by the transaction that fires it, so it fires on one replica, once its effect is
 * committed, and again only if that commit never happened (at least once). What was
 * due while every replica was down fires at the next start, in due order.
 */
@Injectable()
export class Scheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private stopped = false;
  private running?: Promise<void>;
  private wake?: () => void;
  /** Whether a wake-up came since the current look began. */
  private woken = false;
  private subscription?: BusSubscription;

  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly states: StatesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly writer: MessageWriter,
    private readonly outbox: EventOutbox,
    private readonly signals: ConversationSignals,
    private readonly botLogs: BotLogsService,
    private readonly bus: BusClient,
    private readonly workflows: WorkflowsRepository,
    private readonly workflowEvents: WorkflowEvents,
    private readonly tasks: TasksRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Subjects.schedules.wake, () => this.wakeUp());
    this.running = this.loop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.wakeUp();
    await this.running;
  }

  /** Something was scheduled (on any replica, once committed): look again now rather than at the next poll. */
  wakeUp(): void {
    this.woken = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      // A wake-up from here on is for what the coming look may not see: it cuts the pause after it short.
      this.woken = false;
      let pause: number;
      try {
        pause = await this.round();
      } catch (error) {
        pause = POLL_MS;
        this.logger.warn(`Cannot fire due items (${(error as Error).message}); retrying`);
      }
      if (pause > 0) await this.idle(pause);
    }
  }

  /**
   * One look at what is due, and the firing of it. The look is one read; the firing transactions
   * are opened only for what it found due, so an idle scheduler (most of the time, on most
   * platforms) costs the database one statement per look, not a transaction for each kind of item.
   * Answers how long to pause before the next look: none after a full batch (more may be due).
   */
  async round(): Promise<number> {
    const { itemInMs, otherInMs: expiryInMs } = await this.schedules.upcoming(this.states.untilNextExpiryQuery());
    const itemDue = isDue(itemInMs);
    const expiryDue = isDue(expiryInMs);
    if (itemDue && (await this.fireDue())) return 0;
    if (expiryDue && (await this.expireStates())) return 0;
    // Never a busy loop: items due while another replica has the turn wait a moment here.
    if (itemDue || expiryDue) return MIN_IDLE_MS;
    const waiting = [itemInMs, expiryInMs].filter((ms): ms is number => ms !== null);
    return Math.max(MIN_IDLE_MS, Math.min(POLL_MS, ...waiting));
  }

  private idle(ms: number): Promise<void> {
    if (this.stopped || this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Fires one batch of due items; answers whether the batch was full (more may be due). */
  async fireDue(): Promise<boolean> {
    const fired = await this.schedules.transaction(async (manager) => {
      if (!(await this.schedules.takeTurn(manager))) return { events: [], messages: [], count: 0 };
      const items = await this.schedules.takeDue(manager, BATCH);
      const out: Fired = { events: [], messages: [], count: items.length };
      for (const item of items) {
        if (item.kind === 'event') {
          const event = await this.activateEvent(manager, item);
          if (event) out.events.push(event);
        } else if (item.kind === 'task_timeout') {
          await this.tasks.timeOut(item.botId, item.id, manager);
        } else if (item.kind === 'workflow_timeout') {
          const timedOut = await this.workflows.timeOut(item.botId, item.id, manager);
          if (timedOut) out.events.push(await this.workflowEvents.record(timedOut, 'workflow_timedout', manager));
        } else {
          const created = await this.createMessage(manager, item);
          if (created) out.messages.push(created);
        }
      }
      return out;
    });
    this.announce(fired);
    return fired.count === BATCH;
  }

  /** Deletes one batch of expired states, each with its `state_expired` event; answers whether the batch was full. */
  async expireStates(): Promise<boolean> {
    const fired = await this.schedules.transaction(async (manager) => {
      const expired = await this.states.takeExpired(manager, BATCH);
      const events = expired.map((state) =>
        newEvent(
          {
            botId: state.botId,
            type: STATE_EXPIRED,
            direction: 'incoming',
            conversationId: state.type === 'conversation' ? state.ownerId : null,
            userId: state.type === 'user' ? state.ownerId : null,
            payload: { state: toRuntimeStateResponse(state).state },
          },
          new Date(),
        ),
      );
      for (const event of events) await manager.insert(EventEntity, event as never);
      await enqueueLanes(manager, events);
      return { events, messages: [], count: expired.length };
    });
    this.announce(fired);
    return fired.count === BATCH;
  }

  /** A scheduled event is due: it becomes pending, in its conversation's lane by its due time. */
  private async activateEvent(manager: EntityManager, item: DueItem): Promise<EventEntity | null> {
    const updated = await manager.update(
      EventEntity,
      { botId: item.botId, id: item.id, status: 'scheduled' },
      { status: 'pending', scheduledFor: item.dueAt, attempts: 0 },
    );
    if (!updated.affected) return null; // canceled, or its bot or conversation is gone
    const event = await manager.findOneOrFail(EventEntity, { where: { botId: item.botId, id: item.id } });
    await enqueueLanes(manager, [event]);
    return event;
  }

  /** A scheduled message is due: it is created as createMessage would have, under the id it was answered with. */
  private async createMessage(manager: EntityManager, item: DueItem): Promise<{ message: MessageEntity; event?: EventEntity } | null> {
    const body = item.body as unknown as ScheduledMessageBody;
    const created = this.writer.compose(
      { botId: item.botId, conversationId: body.conversationId, authorId: body.userId, type: body.type, payload: body.payload, tags: body.tags },
      item.id,
    );
    const { written } = await this.messages.insertWithEvent(created.message, created.event, { manager });
    if (written) return created;
    const conversation = await this.conversations.find(item.botId, body.conversationId);
    const missing = !conversation ? `conversation ${body.conversationId}` : `user ${body.userId}`;
    await this.botLogs
      .write(item.botId, 'warn', `Scheduled message ${item.id} was not sent: its ${missing} no longer exists`, { conversationId: body.conversationId })
      .catch(() => undefined);
    return null;
  }

  /** After the commit: wake the dispatchers, and tell the conversations' listeners. */
  private announce(fired: Fired): void {
    for (const { message, event } of fired.messages) this.writer.announce(message, event);
    if (fired.events.length > 0) this.outbox.publish(fired.events);
    for (const event of fired.events) {
      if (!event.conversationId || event.type === STATE_EXPIRED || event.type === WORKFLOW_UPDATE) continue;
      const view = toRuntimeEventView(event);
      const isBot = event.direction === 'outgoing';
      this.signals.emit(event.botId, event.conversationId, {
        type: 'event_created',
        event: { ...view, userId: view.userId ?? (isBot ? event.botId : undefined) },
        isBot,
      });
    }
  }
}
