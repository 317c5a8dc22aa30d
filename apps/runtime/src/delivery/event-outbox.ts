import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { EventStream } from './event-stream';

const SWEEP_INTERVAL_MS = 3000;
const SWEEP_BATCH = 200;
/** An event younger than this may still be on its way through the fast path. */
const SWEEP_GRACE_MS = 2000;

/**
 * Transactional outbox: events are committed with what they record, then published to
 * JetStream. Right after the commit is the fast path; a periodic sweep publishes whatever a
 * crash or a NATS outage left behind, so no committed event is ever lost.
 */
@Injectable()
export class EventOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventOutbox');
  private readonly sweeper = new PeriodicTask(this.logger, 'Outbox sweep', SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(
    private readonly stream: EventStream,
    private readonly events: EventsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper.start({ runNow: true });
  }

  onApplicationShutdown(): void {
    this.sweeper.stop();
  }

  /** Publishes committed events; failures are left to the sweep. */
  publish(events: EventEntity[]): void {
    const deliverable = events.filter((e) => e.status === 'pending');
    if (deliverable.length > 0) void this.publishNow(deliverable);
  }

  private async publishNow(events: EventEntity[]): Promise<void> {
    const published: Array<{ botId: string; id: string }> = [];
    for (const event of events) {
      try {
        await this.stream.publish({ botId: event.botId, eventId: event.id }, event.conversationId);
        published.push({ botId: event.botId, id: event.id });
      } catch (error) {
        this.logger.warn(`Event ${event.id} not published yet (${(error as Error).message}); the sweep will retry`);
        break;
      }
    }
    if (published.length > 0) await this.events.markPublished(published).catch(() => undefined);
  }

  private async sweep(): Promise<void> {
    const stale = await this.events.findUnpublished(SWEEP_BATCH, new Date(Date.now() - SWEEP_GRACE_MS));
    if (stale.length > 0) await this.publishNow(stale);
  }
}
