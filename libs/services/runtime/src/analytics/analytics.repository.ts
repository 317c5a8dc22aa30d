import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DayActivity } from '@platform/contracts';
import { DataSource } from 'typeorm';

type Row = Record<string, unknown> & { day: Date };

/** The UTC day a row's timestamp falls in (`date_trunc` with a zone, so the session's zone plays no part). */
const DAY = (column: string) => `date_trunc('day', ${column}, 'UTC')`;
/** Rows kept by the hour (their `hour` column) count when the hour overlaps the period [$2, $3]. */
const HOURS_OVERLAPPING = `"hour" > $2::timestamptz - interval '1 hour' AND "hour" <= $3`;

/** Custom counters by the hour, and a bot's activity by UTC day, counted from its data. */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(botId: string, name: string, count: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "runtime"."analytics_counters" ("bot_id", "name", "hour", "count") VALUES ($1, $2, date_trunc('hour', now(), 'UTC'), $3)
       ON CONFLICT ("bot_id", "hour", "name") DO UPDATE SET "count" = "analytics_counters"."count" + EXCLUDED."count"`,
      [botId, name, count],
    );
  }

  /**
   * Activity within [start, end] by UTC day, the days with any activity only; custom counters,
   * and the events the retention deleted, kept by the hour, of every hour the period overlaps. A
   * returning user was created before the part of the day in the period and wrote in it; a
   * session is a conversation a user wrote in that day.
   */
  async activity(botId: string, start: Date, end: Date): Promise<DayActivity[]> {
    const range = [botId, start, end];
    const [users, writers, messages, events, custom] = (await Promise.all([
      this.dataSource.query(
        `SELECT ${DAY('"created_at"')} AS "day", count(*)::int AS "n" FROM "runtime"."users"
         WHERE "bot_id" = $1 AND "id" <> $1 AND "created_at" BETWEEN $2 AND $3 GROUP BY 1`,
        range,
      ),
      this.dataSource.query(
        `SELECT ${DAY('m."created_at"')} AS "day",
                count(DISTINCT m."user_id") FILTER (WHERE u."created_at" < greatest(${DAY('m."created_at"')}, $2))::int AS "returning",
                count(DISTINCT m."conversation_id")::int AS "sessions"
         FROM "runtime"."messages" m LEFT JOIN "runtime"."users" u ON u."bot_id" = m."bot_id" AND u."id" = m."user_id"
         WHERE m."bot_id" = $1 AND m."direction" = 'incoming' AND m."created_at" BETWEEN $2 AND $3 GROUP BY 1`,
        range,
      ),
      this.dataSource.query(
        `SELECT ${DAY('"created_at"')} AS "day", "direction" AS "key", count(*)::int AS "n" FROM "runtime"."messages"
         WHERE "bot_id" = $1 AND "created_at" BETWEEN $2 AND $3 GROUP BY 1, 2`,
        range,
      ),
      // Events still kept, and those the retention deleted, counted by the hour (`EventRetention`).
      this.dataSource.query(
        `SELECT "day", "key", sum("n")::bigint AS "n" FROM (
           SELECT ${DAY('"created_at"')} AS "day", "type" AS "key", count(*) AS "n" FROM "runtime"."events"
            WHERE "bot_id" = $1 AND "created_at" BETWEEN $2 AND $3 GROUP BY 1, 2
           UNION ALL
           SELECT ${DAY('"hour"')}, "type", sum("count") FROM "runtime"."event_counts"
            WHERE "bot_id" = $1 AND ${HOURS_OVERLAPPING} GROUP BY 1, 2) AS "counted"
         GROUP BY 1, 2`,
        range,
      ),
      this.dataSource.query(
        `SELECT ${DAY('"hour"')} AS "day", "name" AS "key", sum("count")::bigint AS "n" FROM "runtime"."analytics_counters"
         WHERE "bot_id" = $1 AND ${HOURS_OVERLAPPING} GROUP BY 1, 2`,
        range,
      ),
    ])) as Row[][];

    const days = new Map<string, DayActivity>();
    const dayOf = (row: Row): DayActivity => {
      const day = new Date(row.day).toISOString();
      let activity = days.get(day);
      if (!activity) {
        activity = { day, newUsers: 0, returningUsers: 0, sessions: 0, userMessages: 0, botMessages: 0, events: 0, eventTypes: {}, customEvents: {} };
        days.set(day, activity);
      }
      return activity;
    };
    for (const row of users) dayOf(row).newUsers = Number(row.n);
    for (const row of writers) Object.assign(dayOf(row), { returningUsers: Number(row.returning), sessions: Number(row.sessions) });
    for (const row of messages) dayOf(row)[row.key === 'incoming' ? 'userMessages' : 'botMessages'] = Number(row.n);
    for (const row of events) {
      const activity = dayOf(row);
      activity.eventTypes[String(row.key)] = Number(row.n);
      activity.events += Number(row.n);
    }
    for (const row of custom) dayOf(row).customEvents[String(row.key)] = Number(row.n);
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }
}
