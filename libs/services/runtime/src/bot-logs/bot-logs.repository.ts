import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertStatement, keysetPage, Page, Statement } from '@platform/persistence';
import { BotLogEntity } from './bot-log.entity';

export interface BotLogFilter {
  botId: string;
  timeStart: Date;
  timeEnd?: Date;
  level?: string;
  userId?: string;
  conversationId?: string;
  messageContains?: string;
  nextToken?: string;
}

const PAGE_SIZE = 100;

@Injectable()
export class BotLogsRepository {
  constructor(@InjectRepository(BotLogEntity) private readonly logs: Repository<BotLogEntity>) {}

  async insert(entries: BotLogEntity | BotLogEntity[]): Promise<void> {
    await this.logs.insert(entries as never);
  }

  /** The write of a line, to run with another write (`oneStatement`). */
  insertStatement(entry: BotLogEntity): Statement {
    return insertStatement(this.logs.manager, BotLogEntity, [entry]);
  }

  /** Oldest first within the time range. */
  list(filter: BotLogFilter): Promise<Page<BotLogEntity>> {
    const query = this.logs
      .createQueryBuilder('l')
      .where('l.bot_id = :botId AND l.timestamp >= :timeStart', { botId: filter.botId, timeStart: filter.timeStart });
    if (filter.timeEnd) query.andWhere('l.timestamp <= :timeEnd', { timeEnd: filter.timeEnd });
    if (filter.level) query.andWhere('l.level = :level', { level: filter.level });
    if (filter.userId) query.andWhere('l.user_id = :userId', { userId: filter.userId });
    if (filter.conversationId) query.andWhere('l.conversation_id = :conversationId', { conversationId: filter.conversationId });
    if (filter.messageContains) {
      query.andWhere(`l.message ILIKE :contains ESCAPE '\\'`, { contains: `%${filter.messageContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    }
    return keysetPage(query, { sortProperty: 'timestamp' }, { nextToken: filter.nextToken, pageSize: PAGE_SIZE });
  }
}
