import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { PeriodicTask } from '@platform/persistence';
import type { EventEntity } from '../events/event.entity';
import { EventDelivery, LaneHandoff } from './event-delivery';
import { MailboxesRepository } from './mailboxes.repository';

/**
 * How often each replica looks for lanes left without a mailbox. Every write queues its lane, so
 * only events written around the writers (by hand) are ever found; the look reads every pending
 * event, 0.4 s of Postgres CPU with a million waiting (a bot down for a day), which every 3 s was
 * an eighth of a core per replica for nothing.
 */
const REPAIR_INTERVAL_MS = 30000;
const REPAIR_BATCH = 1000;

/**
 * The events table is the outbox: an event to deliver is committed with what it records, and
 * its lane is queued in the same transaction (`enqueueLanes`). Once committed, the dispatchers
 * of every replica are woken (a fan-out notice, at most one per tick however many events); a
 * periodic repair queues any lane left without a mailbox, so no committed event is ever lost. A
 * write that opens its event's lane may instead hand it to this replica's deliveries (`handoff`),
 * which wakes no one.
 */
@Injectable()
export class EventOutbox implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventOutbox');
  private readonly repairs = new PeriodicTask(this.logger, 'Delivery queue repair', REPAIR_INTERVAL_MS, () => this.repair());
  private wakePending = false;

  constructor(
    private readonly bus: BusClient,
    private readonly mailboxes: MailboxesRepository,
    private readonly delivery: EventDelivery,
  ) {}

  onApplicationBootstrap(): void {
    this.repairs.start({ runNow: true });
  }

  /** Before the database closes: the repair under way finishes, and none starts. */
  beforeApplicationShutdown(): Promise<void> {
    return this.repairs.stop();
  }

  /** Room for this replica to deliver the lane that a write of `event` opens (`EventDelivery.handoff`); none for an event not to be delivered. */
  handoff(event: EventEntity): LaneHandoff | undefined {
    return event.status === 'pending' ? this.delivery.handoff(event) : undefined;
  }

  /** Committed events: wake the dispatchers. */
  publish(events: EventEntity[]): void {
    if (this.wakePending || !events.some((e) => e.status === 'pending')) return;
    this.wakePending = true;
    setImmediate(() => {
      this.wakePending = false;
      this.bus.publish(Subjects.delivery.wake, {}).catch(() => undefined);
    });
  }

  private async repair(): Promise<void> {
    const repaired = await this.mailboxes.repair(REPAIR_BATCH);
    if (repaired > 0) {
      this.logger.warn(`Queued ${repaired} delivery lanes that had no mailbox`);
      await this.bus.publish(Subjects.delivery.wake, {}).catch(() => undefined);
    }
  }
}
