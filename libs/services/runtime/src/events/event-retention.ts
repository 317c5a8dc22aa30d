import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { PeriodicTask } from '@platform/persistence';
import { ExpiredEventsRepository } from './expired-events.repository';

/** How often each runtime replica sweeps. */
const SWEEP_EVERY_MS = 10_000;
/** Events deleted by one statement: short enough not to hold the table's locks or the WAL for long. */
const BATCH = 5000;
/** Statements one sweep runs at most: a sweep is bounded however many bots there are; the next goes on from there. */
const MAX_STATEMENTS_PER_SWEEP = 50;

/**
 * Keeps an event that ended (processed, failed, ignored, canceled) for `EVENT_RETENTION_DAYS`
 * days: every message writes one, so without it the table grows without end. A sweep goes
 * through the bots in id order, deleting each one's events past the retention oldest first, in
 * batches; a round over many bots (or a backlog, after the retention was shortened) spans several
 * sweeps, each going on from the bot the previous one reached. Replicas sweep on their own and
 * skip each other's rows. Pending and scheduled events are never deleted.
 */
@Injectable()
export class EventRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRetention');
  private readonly sweeps = new PeriodicTask(this.logger, 'Deleting events past the retention', SWEEP_EVERY_MS, () => this.sweep().then(() => undefined));
  /** The last bot whose events a sweep finished with: the next sweep starts after it ('' : from the first). */
  private reached = '';

  constructor(
    private readonly events: ExpiredEventsRepository,
    private readonly config: PlatformConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.eventRetentionDays > 0) this.sweeps.start({ runNow: true });
  }

  /** Before the database closes: the sweep under way finishes, and none starts. */
  beforeApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Deletes events past the retention, a bounded number of statements per sweep; answers how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let statement = 0; statement < MAX_STATEMENTS_PER_SWEEP; statement++) {
      const purged = await this.events.purge(this.reached, this.config.eventRetentionDays, BATCH);
      deleted += purged.deleted;
      if (purged.botId === null) {
        // Past the last bot: the next sweep starts a new round from the first.
        this.reached = '';
        break;
      }
      // A full batch may have left more of this bot's events: it is taken again.
      if (purged.deleted < BATCH) this.reached = purged.botId;
    }
    if (deleted > 0) this.logger.log({ msg: 'events past the retention deleted', events: deleted, retentionDays: this.config.eventRetentionDays });
    return deleted;
  }
}
