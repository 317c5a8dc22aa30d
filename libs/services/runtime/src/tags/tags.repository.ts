import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const TABLES = { user: 'users', conversation: 'conversations', message: 'messages' } as const;

/** Distinct tag values over a bot's users, conversations or messages. */
@Injectable()
export class TagsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Up to `limit` distinct values of the tag, in order, after `after`. */
  async values(botId: string, type: keyof typeof TABLES, key: string, after: string | undefined, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT ("tags" ->> $2::text) COLLATE "C" AS "value" FROM "runtime"."${TABLES[type]}"
       WHERE "bot_id" = $1 AND "tags" ? $2::text AND ($3::text IS NULL OR ("tags" ->> $2::text) COLLATE "C" > $3::text COLLATE "C")
       ORDER BY "value" LIMIT $4`,
      [botId, key, after ?? null, limit],
    )) as Array<{ value: string }>;
    return rows.map((r) => r.value);
  }
}
