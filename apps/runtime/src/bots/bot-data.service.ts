import { Injectable, Logger } from '@nestjs/common';
import { BotDataRepository } from './bot-data.repository';

/** The runtime's part in deleting a bot (or its whole workspace): its data goes. */
@Injectable()
export class BotDataService {
  private readonly logger = new Logger('BotData');

  constructor(private readonly data: BotDataRepository) {}

  /** Idempotent: purging a bot with no rows left deletes nothing and succeeds. */
  async purge(botId: string): Promise<Record<string, never>> {
    const deleted = await this.data.purge(botId);
    if (deleted > 0) this.logger.log({ msg: 'purged bot data', botId, rows: deleted });
    return {};
  }
}
