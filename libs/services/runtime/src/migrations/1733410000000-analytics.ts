import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom analytics counters (trackAnalytics): one row per bot, counter name and UTC hour, the
 * sum of what was added in that hour. getBotAnalytics (admin) reads them through the runtime's
 * internal `botActivity` operation, as `customEvents`.
 */
export class Analytics1733410000000 implements MigrationInterface {
  name = 'Analytics1733410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."analytics_counters" (
      "bot_id" text NOT NULL,
      "name" text NOT NULL,
      "hour" timestamptz NOT NULL,
      "count" bigint NOT NULL CHECK ("count" > 0),
      PRIMARY KEY ("bot_id", "hour", "name"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."analytics_counters"`);
  }
}
