import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '@platform/persistence';

/** How often each runtime replica sweeps. */
const SWEEP_EVERY_MS = 10_000;

/**
 * What each runtime replica deletes once it is older than a retention of `days` days (0: kept
 * forever): a sweep every 10 s from start-up on, each deleting a bounded amount (`deleteSome`)
 * and logging what went; the sweep under way finishes before the database closes, and none starts
 * after. Replicas sweep on their own; each kind of sweep skips the rows another is deleting.
 */
export abstract class RetentionSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly sweeps: PeriodicTask;

  /** `what` is what goes, in the plural ("bot log lines"). */
  protected constructor(
    private readonly what: string,
    protected readonly days: number,
  ) {
    this.logger = new Logger(new.target.name);
    this.sweeps = new PeriodicTask(this.logger, `Deleting ${what} past the retention`, SWEEP_EVERY_MS, () => this.sweep().then(() => undefined));
  }

  onApplicationBootstrap(): void {
    if (this.days > 0) this.sweeps.start({ runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** One sweep: deletes what is past the retention, a bounded amount; answers how much. */
  async sweep(): Promise<number> {
    const deleted = await this.deleteSome();
    if (deleted > 0) this.logger.log({ msg: `${this.what} past the retention deleted`, deleted, retentionDays: this.days });
    return deleted;
  }

  /** Deletes some of what is past the retention, at most a bounded amount; answers how much. */
  protected abstract deleteSome(): Promise<number>;
}
