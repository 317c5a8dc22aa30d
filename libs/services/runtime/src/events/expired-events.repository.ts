import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventStatus } from '@platform/contracts';
import { queryRows } from '@platform/persistence';

/** What one purge did: the bot it looked at (null: no bot after the one given) and how many of its events went. */
export interface PurgedEvents {
  botId: string | null;
  deleted: number;
}

/** The statuses an event ends in: it will not be delivered again, so only its record is left. */
const ENDED: EventStatus[] = ['processed', 'failed', 'ignored', 'canceled'];

/**
 * The events past the retention (`EVENT_RETENTION_DAYS`), deleted bot by bot, each bot's oldest
 * first, through the index of a bot's events by creation time, so the sweep needs no index of its
 * own (one more for every event written). Each deletion counts what it deleted in
 * `event_counts` in the same statement, so analytics keep counting them.
 */
@Injectable()
export class ExpiredEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Deletes up to `limit` events of the first bot after `afterBotId` (in id order) that ended and
   * were created more than `days` days ago (by the database's clock). Events another replica's
   * sweep is deleting are skipped, not waited for.
   */
  async purge(afterBotId: string, days: number, limit: number): Promise<PurgedEvents> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `WITH "bot" AS (SELECT min("bot_id") AS "bot_id" FROM "runtime"."events" WHERE "bot_id" > $1),
            "gone" AS (
              DELETE FROM "runtime"."events" WHERE ctid = ANY(ARRAY(
                SELECT e.ctid FROM "runtime"."events" e JOIN "bot" b ON e."bot_id" = b."bot_id"
                 WHERE e."created_at" < now() - make_interval(days => $2::int) AND e."status" = ANY($4::text[])
                 ORDER BY e."created_at" LIMIT $3 FOR UPDATE OF e SKIP LOCKED))
              RETURNING "bot_id", "type", "created_at"),
            "counted" AS (
              INSERT INTO "runtime"."event_counts" ("bot_id", "hour", "type", "count")
              SELECT "bot_id", date_trunc('hour', "created_at", 'UTC'), "type", count(*) FROM "gone" GROUP BY 1, 2, 3
              ON CONFLICT ("bot_id", "hour", "type") DO UPDATE SET "count" = "event_counts"."count" + EXCLUDED."count")
       SELECT (SELECT "bot_id" FROM "bot") AS "botId", (SELECT count(*)::int FROM "gone") AS "deleted"`,
      [afterBotId, days, limit, ENDED],
    );
    return { botId: (row.botId as string | null) ?? null, deleted: Number(row.deleted) };
  }
}
