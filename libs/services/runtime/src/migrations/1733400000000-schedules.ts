import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scheduler's queue (docs/architecture.md, "Scheduling"): one row per message or event to
 * send later, due at `due_at`, fired in due order (`seq` breaks ties) by whichever replica locks
 * it first. A scheduled event is also an event row (status `scheduled`); `scheduled_for` orders
 * it in its conversation by when it was due rather than when it was asked for.
 */
export class Schedules1733400000000 implements MigrationInterface {
  name = 'Schedules1733400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."schedules" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('event', 'message')),
      "due_at" timestamptz NOT NULL,
      "seq" bigserial NOT NULL,
      "body" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE INDEX "schedules_due" ON "runtime"."schedules" ("due_at", "seq")`);
    await q.query(`ALTER TABLE "runtime"."events" ADD COLUMN "scheduled_for" timestamptz`);
    await q.query(`ALTER TABLE "runtime"."events" DROP CONSTRAINT "events_status_check"`);
    await q.query(
      `ALTER TABLE "runtime"."events" ADD CONSTRAINT "events_status_check" CHECK ("status" IN ('pending', 'processed', 'failed', 'ignored', 'scheduled', 'canceled'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "runtime"."events" WHERE "status" IN ('scheduled', 'canceled')`);
    await q.query(`ALTER TABLE "runtime"."events" DROP CONSTRAINT "events_status_check"`);
    await q.query(`ALTER TABLE "runtime"."events" ADD CONSTRAINT "events_status_check" CHECK ("status" IN ('pending', 'processed', 'failed', 'ignored'))`);
    await q.query(`ALTER TABLE "runtime"."events" DROP COLUMN "scheduled_for"`);
    await q.query(`DROP TABLE "runtime"."schedules"`);
  }
}
