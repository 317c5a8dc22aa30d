import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertStatement, ListQuery, Page, Statement } from '@platform/persistence';
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
    const query = new ListQuery(this.logs.manager, BotLogEntity, 'l')
      .whereEquals('botId', filter.botId)
      .whereCompares('timestamp', '>=', filter.timeStart)
      .whereCompares('timestamp', '<=', filter.timeEnd)
      .whereEquals('level', filter.level || undefined)
      .whereEquals('userId', filter.userId || undefined)
      .whereEquals('conversationId', filter.conversationId || undefined);
    if (filter.messageContains) {
      query.where(`l."message" ILIKE ${query.param(`%${filter.messageContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} ESCAPE '\\'`);
    }
    return query.page({ sortProperty: 'timestamp' }, { nextToken: filter.nextToken, pageSize: PAGE_SIZE });
  }
}
