import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts of the events the retention deleted, by bot, UTC hour and type: getBotAnalytics counts
 * a bot's events from the events still kept and from these, so deleting old events changes no
 * figure of the days they belonged to.
 */
export class EventRetention1733470000000 implements MigrationInterface {
  name = 'EventRetention1733470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."event_counts" (
      "bot_id" text NOT NULL,
      "hour" timestamptz NOT NULL,
      "type" text NOT NULL,
      "count" bigint NOT NULL CHECK ("count" > 0),
      PRIMARY KEY ("bot_id", "hour", "type"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."event_counts"`);
  }
}
