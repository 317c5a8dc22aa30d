import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { BotLogEntity } from '../bot-logs/bot-log.entity';
import { ConversationEntity } from '../conversations/conversation.entity';
import { ParticipantEntity } from '../conversations/participant.entity';
import { EventEntity } from '../events/event.entity';
import { IntegrationSettingsEntity } from '../integrations/integration-settings.entity';
import { MessageEntity } from '../messages/message.entity';
import { StateEntity } from '../states/state.entity';
import { UserEntity } from '../users/user.entity';

/**
 * Every table holding a bot's rows, keyed by `bot_id`. Dependent rows come before the rows they
 * reference, so no delete waits on a cascade it could have done itself.
 */
const BOT_TABLES: Array<EntityTarget<ObjectLiteral>> = [
  ParticipantEntity,
  MessageEntity,
  StateEntity,
  EventEntity,
  BotLogEntity,
  ConversationEntity,
  UserEntity,
  IntegrationSettingsEntity,
];

@Injectable()
export class BotDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Deletes all of the bot's rows in one transaction (a failed purge leaves nothing half gone).
   * Returns how many rows went and which conversations, whose live streams must now end.
   */
  async purge(botId: string): Promise<{ rows: number; conversationIds: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      let rows = 0;
      let conversationIds: string[] = [];
      for (const table of BOT_TABLES) {
        if (table === ConversationEntity) {
          const result = await manager.createQueryBuilder().delete().from(ConversationEntity).where('bot_id = :botId', { botId }).returning('id').execute();
          conversationIds = (result.raw as Array<{ id: string }>).map((r) => r.id);
          rows += conversationIds.length;
        } else {
          rows += (await manager.delete(table, { botId })).affected ?? 0;
        }
      }
      return { rows, conversationIds };
    });
  }
}
