import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { RetentionSweep } from '../retention/retention-sweep';
import { ExpiredEventsRepository } from './expired-events.repository';

/** Events deleted by one statement: short enough not to hold the table's locks or the WAL for long. */
const BATCH = 5000;
/** Statements one sweep runs at most: a sweep is bounded however many bots there are; the next goes on from there. */
const MAX_STATEMENTS_PER_SWEEP = 50;

/**
 * Keeps an event that ended (processed, failed, ignored, canceled) for `EVENT_RETENTION_DAYS`
 * days: every message writes one, so without it the table grows without end. A sweep goes
 * through the bots in id order, deleting each one's events past the retention oldest first, in
 * batches; a round over many bots (or a backlog, after the retention was shortened) spans several
 * sweeps, each going on from the bot the previous one reached. Pending and scheduled events are
 * never deleted.
 */
@Injectable()
export class EventRetention extends RetentionSweep {
  /** The last bot whose events a sweep finished with: the next sweep starts after it ('': from the first). */
  private reached = '';

  constructor(
    private readonly events: ExpiredEventsRepository,
    config: PlatformConfig,
  ) {
    super('events', config.eventRetentionDays);
  }

  protected async deleteSome(): Promise<number> {
    let deleted = 0;
    for (let statement = 0; statement < MAX_STATEMENTS_PER_SWEEP; statement++) {
      const purged = await this.events.purge(this.reached, this.days, BATCH);
      deleted += purged.deleted;
      if (purged.botId === null) {
        // Past the last bot: the next sweep starts a new round from the first.
        this.reached = '';
        break;
      }
      // A full batch may have left more of this bot's events: it is taken again.
      if (purged.deleted < BATCH) this.reached = purged.botId;
    }
    return deleted;
  }
}
