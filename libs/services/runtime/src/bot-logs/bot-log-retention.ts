import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { PeriodicTask } from '@platform/persistence';
import { BotLogsRepository } from './bot-logs.repository';

/** How often each runtime replica looks for lines past the retention. */
const SWEEP_EVERY_MS = 10_000;
/** Lines deleted by one statement: short enough not to hold the table's locks or the WAL for long. */
const BATCH = 5000;
/** Batches one sweep deletes at most: 10,000 lines a second per replica, well above what deliveries write. */
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Keeps a bot's log lines for `BOT_LOG_RETENTION_DAYS` days: every delivered event writes one, so
 * without it the table (and what a getBotLogs scan may have to read) grows without end. Each
 * replica sweeps on its own and the sweeps skip each other's lines; a backlog (retention
 * shortened, a long stop) is worked off oldest first, in batches, over several sweeps.
 */
@Injectable()
export class BotLogRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('BotLogRetention');
  private readonly sweeps = new PeriodicTask(this.logger, 'Deleting bot log lines past the retention', SWEEP_EVERY_MS, () =>
    this.sweep().then(() => undefined),
  );

  constructor(
    private readonly logs: BotLogsRepository,
    private readonly config: PlatformConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.botLogRetentionDays > 0) this.sweeps.start({ runNow: true });
  }

  /** Before the database closes: the sweep under way finishes, and none starts. */
  beforeApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Deletes lines past the retention, a bounded number per sweep; answers how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
      const gone = await this.logs.deleteOlderThan(this.config.botLogRetentionDays, BATCH);
      deleted += gone;
      if (gone < BATCH) break;
    }
    if (deleted > 0) this.logger.log({ msg: 'bot log lines past the retention deleted', lines: deleted, retentionDays: this.config.botLogRetentionDays });
    return deleted;
  }
}
