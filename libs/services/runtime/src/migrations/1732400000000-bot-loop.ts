import { MigrationInterface, QueryRunner } from 'typeorm';

export class BotLoop1732400000000 implements MigrationInterface {
  name = 'BotLoop1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "runtime"."conversations"
      ADD COLUMN "channel" text NOT NULL DEFAULT 'channel',
      ADD COLUMN "current_task_id" text,
      ADD COLUMN "message_count" integer NOT NULL DEFAULT 0`);
    // Outbox columns: an event is published to JetStream after its transaction commits.
    await q.query(`ALTER TABLE "runtime"."events"
      ADD COLUMN "published_at" timestamptz,
      ADD COLUMN "attempts" integer NOT NULL DEFAULT 0,
      ADD COLUMN "processed_at" timestamptz`);
    await q.query(`CREATE INDEX "events_unpublished" ON "runtime"."events" ("created_at") WHERE "published_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "runtime"."events_unpublished"`);
    await q.query(`ALTER TABLE "runtime"."events" DROP COLUMN "published_at", DROP COLUMN "attempts", DROP COLUMN "processed_at"`);
    await q.query(`ALTER TABLE "runtime"."conversations" DROP COLUMN "channel", DROP COLUMN "current_task_id", DROP COLUMN "message_count"`);
  }
}
