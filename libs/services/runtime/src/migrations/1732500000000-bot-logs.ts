import { MigrationInterface, QueryRunner } from 'typeorm';

export class BotLogs1732500000000 implements MigrationInterface {
  name = 'BotLogs1732500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."bot_logs" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "timestamp" timestamptz NOT NULL,
      "level" text NOT NULL CHECK ("level" IN ('info', 'warn', 'error')),
      "message" text NOT NULL,
      "conversation_id" text,
      "user_id" text,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE INDEX ON "runtime"."bot_logs" ("bot_id", "timestamp", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."bot_logs"`);
  }
}
