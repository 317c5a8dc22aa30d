import { MigrationInterface, QueryRunner } from 'typeorm';

export class Events1732300000000 implements MigrationInterface {
  name = 'Events1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."events" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "type" text NOT NULL,
      "direction" text NOT NULL CHECK ("direction" IN ('incoming', 'outgoing')),
      "conversation_id" text,
      "user_id" text,
      "message_id" text,
      "integration" text,
      "payload" jsonb NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('pending', 'processed', 'failed', 'ignored')),
      "failure_reason" text,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE INDEX ON "runtime"."events" ("bot_id", "created_at", "id")`);
    await q.query(`CREATE INDEX ON "runtime"."events" ("bot_id", "conversation_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."events"`);
  }
}
