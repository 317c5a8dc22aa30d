import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface Activity {
  newUsers: number;
  userMessages: number;
  botMessages: number;
  events: number;
  eventTypes: Record<string, number>;
  customEvents: Record<string, number>;
}

/** Custom counters by the hour, and a bot's activity counted from its data. */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(botId: string, name: string, count: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "runtime"."analytics_counters" ("bot_id", "name", "hour", "count") VALUES ($1, $2, date_trunc('hour', now()), $3)
       ON CONFLICT ("bot_id", "hour", "name") DO UPDATE SET "count" = "analytics_counters"."count" + EXCLUDED."count"`,
      [botId, name, count],
    );
  }

  /** Counts over [start, end]; custom counters by the hours that start within it. */
  async activity(botId: string, start: Date, end: Date): Promise<Activity> {
    const range = [botId, start, end];
    const [users, messages, events, custom] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS "n" FROM "runtime"."users" WHERE "bot_id" = $1 AND "id" <> $1 AND "created_at" BETWEEN $2 AND $3`, range),
      this.dataSource.query(
        `SELECT "direction", count(*)::int AS "n" FROM "runtime"."messages" WHERE "bot_id" = $1 AND "created_at" BETWEEN $2 AND $3 GROUP BY "direction"`,
        range,
      ),
      this.dataSource.query(
        `SELECT "type", count(*)::int AS "n" FROM "runtime"."events" WHERE "bot_id" = $1 AND "created_at" BETWEEN $2 AND $3 GROUP BY "type"`,
        range,
      ),
      this.dataSource.query(
        `SELECT "name", sum("count")::bigint AS "n" FROM "runtime"."analytics_counters" WHERE "bot_id" = $1 AND "hour" BETWEEN $2 AND $3 GROUP BY "name"`,
        range,
      ),
    ]);
    const byKey = (rows: Array<Record<string, unknown>>, key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), Number(r.n)]));
    const directions = byKey(messages as Array<Record<string, unknown>>, 'direction');
    const eventTypes = byKey(events as Array<Record<string, unknown>>, 'type');
    return {
      newUsers: Number((users as Array<{ n: number }>)[0]?.n ?? 0),
      userMessages: directions.incoming ?? 0,
      botMessages: directions.outgoing ?? 0,
      events: Object.values(eventTypes).reduce((a, b) => a + b, 0),
      eventTypes,
      customEvents: byKey(custom as Array<Record<string, unknown>>, 'name'),
    };
  }
}
