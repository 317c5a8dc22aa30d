import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { insertStatement, ListQuery, Page, queryRows, Statement, tableOf } from '@platform/persistence';
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

  /**
   * Deletes up to `limit` lines older than `days` days (by the database's clock), oldest first, of
   * any bot; answers how many. Lines another replica's sweep is deleting are skipped, not waited
   * for, so sweeps running at once share the work.
   */
  async deleteOlderThan(days: number, limit: number): Promise<number> {
    const manager = this.logs.manager;
    const table = tableOf(manager, BotLogEntity);
    const [row] = (await queryRows(
      manager,
      `WITH "gone" AS (
         DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM ${table} WHERE "timestamp" < now() - make_interval(days => $1::int)
           ORDER BY "timestamp" LIMIT $2 FOR UPDATE SKIP LOCKED))
         RETURNING 1)
       SELECT count(*)::int AS "deleted" FROM "gone"`,
      [days, limit],
    )) as Array<{ deleted: number }>;
    return row.deleted;
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
