import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732200000000 implements MigrationInterface {
  name = 'Initial1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."integration_settings" (
      "bot_id" text NOT NULL,
      "alias" text NOT NULL,
      "identifier" text,
      "schedule_register_call" text,
      "sandbox_identifiers" jsonb,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "alias"))`);
    await q.query(`CREATE TABLE "runtime"."users" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "integration" text,
      "name" text,
      "picture_url" text,
      "profile" text,
      "tags" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE TABLE "runtime"."conversations" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "integration" text,
      "owner_id" text,
      "tags" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    await q.query(`CREATE TABLE "runtime"."participants" (
      "bot_id" text NOT NULL,
      "conversation_id" text NOT NULL,
      "user_id" text NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "conversation_id", "user_id"),
      FOREIGN KEY ("bot_id", "conversation_id") REFERENCES "runtime"."conversations" ("bot_id", "id") ON DELETE CASCADE,
      FOREIGN KEY ("bot_id", "user_id") REFERENCES "runtime"."users" ("bot_id", "id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX ON "runtime"."participants" ("bot_id", "user_id", "created_at")`);
    await q.query(`CREATE TABLE "runtime"."messages" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "conversation_id" text NOT NULL,
      "user_id" text NOT NULL,
      "direction" text NOT NULL CHECK ("direction" IN ('incoming', 'outgoing')),
      "type" text NOT NULL,
      "payload" jsonb NOT NULL,
      "metadata" jsonb,
      "tags" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"),
      FOREIGN KEY ("bot_id", "conversation_id") REFERENCES "runtime"."conversations" ("bot_id", "id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX ON "runtime"."messages" ("bot_id", "conversation_id", "created_at", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['messages', 'participants', 'conversations', 'users', 'integration_settings']) {
      await q.query(`DROP TABLE "runtime"."${table}"`);
    }
  }
}
