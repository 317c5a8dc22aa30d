import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every callAction of a bot, as the admin API's listActionRuns shows it: the integration alias
 * and action it named, its input (unless over 190 KB), its outcome and how long it took.
 */
export class ActionRuns1733440000000 implements MigrationInterface {
  name = 'ActionRuns1733440000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."action_runs" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "integration_name" text NOT NULL,
      "action_type" text NOT NULL,
      "input" jsonb,
      "output" jsonb,
      "status" text NOT NULL CHECK ("status" IN ('SUCCESS', 'FAILURE')),
      "error_message" text,
      "duration_ms" integer NOT NULL,
      "cached" boolean NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE INDEX "action_runs_listed" ON "runtime"."action_runs" ("bot_id", "integration_name", "created_at", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."action_runs"`);
  }
}
