import { Injectable, Logger } from '@nestjs/common';
import { ConversationSignals } from '../signals/conversation-signals';
import { BotDataRepository } from './bot-data.repository';

/** The runtime's part in deleting a bot (or its whole workspace): its data goes. */
@Injectable()
export class BotDataService {
  private readonly logger = new Logger('BotData');

  constructor(
    private readonly data: BotDataRepository,
    private readonly signals: ConversationSignals,
  ) {}

  /** Idempotent: purging a bot with no rows left deletes nothing and succeeds. */
  async purge(botId: string): Promise<Record<string, never>> {
    const { rows, conversationIds } = await this.data.purge(botId);
    // Chat users still listening to the bot's conversations get their streams closed.
    for (const conversationId of conversationIds) this.signals.close(botId, conversationId, 'everyone');
    if (rows > 0) this.logger.log({ msg: 'purged bot data', botId, rows });
    return {};
  }
}
