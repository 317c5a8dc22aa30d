import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { RetentionSweep } from '../retention/retention-sweep';
import { BotLogsRepository } from './bot-logs.repository';

/** Lines deleted by one statement: short enough not to hold the table's locks or the WAL for long. */
const BATCH = 5000;
/** Batches one sweep deletes at most: 10,000 lines a second per replica, well above what deliveries write. */
const MAX_BATCHES_PER_SWEEP = 20;

/**
 * Keeps a bot's log lines for `BOT_LOG_RETENTION_DAYS` days: every delivered event writes one, so
 * without it the table (and what a getBotLogs scan may have to read) grows without end. A backlog
 * (retention shortened, a long stop) is worked off oldest first, in batches, over several sweeps.
 */
@Injectable()
export class BotLogRetention extends RetentionSweep {
  constructor(
    private readonly logs: BotLogsRepository,
    config: PlatformConfig,
  ) {
    super('bot log lines', config.botLogRetentionDays);
  }

  protected async deleteSome(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
      const gone = await this.logs.deleteOlderThan(this.days, BATCH);
      deleted += gone;
      if (gone < BATCH) break;
    }
    return deleted;
  }
}
