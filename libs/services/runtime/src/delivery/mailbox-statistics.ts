import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '@platform/persistence';
import { MailboxesRepository } from './mailboxes.repository';

/**
 * How often each replica looks whether the mailboxes' planner statistics are out of date: a
 * look is one read of the table's counters, and an analysis of the table (a few milliseconds:
 * it holds a row per lane with events waiting) follows only when they are, and when no replica
 * has analysed it within this time.
 */
export const STATISTICS_CHECK_INTERVAL_MS = 5000;
/** Out of date: more rows changed since the last analysis than this many and this share of the rows then. */
export const STATISTICS_MIN_CHANGES = 500;
export const STATISTICS_CHANGED_SHARE = 0.2;

/**
 * Keeps the statistics the claims and wake-ups are planned with close to the mailboxes as they
 * are (`MailboxesRepository.refreshStatistics` says why autovacuum alone does not).
 */
@Injectable()
export class MailboxStatistics implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MailboxStatistics');
  private readonly checks = new PeriodicTask(this.logger, 'Delivery queue statistics', STATISTICS_CHECK_INTERVAL_MS, () => this.check());

  constructor(private readonly mailboxes: MailboxesRepository) {}

  onApplicationBootstrap(): void {
    this.checks.start();
  }

  /** Before the database closes: the check under way finishes, and none starts. */
  beforeApplicationShutdown(): Promise<void> {
    return this.checks.stop();
  }

  private async check(): Promise<void> {
    await this.mailboxes.refreshStatistics(STATISTICS_MIN_CHANGES, STATISTICS_CHANGED_SHARE, STATISTICS_CHECK_INTERVAL_MS);
  }
}
