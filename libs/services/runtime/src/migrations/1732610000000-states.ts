import { MigrationInterface, QueryRunner } from 'typeorm';

export class States1732610000000 implements MigrationInterface {
  name = 'States1732610000000';

  async up(q: QueryRunner): Promise<void> {
    // conversation_id and user_id repeat the owner for those two types only, so that the foreign
    // keys delete a conversation's or a user's states with it.
    await q.query(`CREATE TABLE "runtime"."states" (
      "bot_id" text NOT NULL,
      "type" text NOT NULL CHECK ("type" IN ('conversation', 'user', 'bot', 'task')),
      "owner_id" text NOT NULL,
      "name" text NOT NULL,
      "id" text NOT NULL,
      "payload" jsonb NOT NULL,
      "expiry" bigint CHECK ("expiry" > 0),
      "expires_at" timestamptz,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      "conversation_id" text GENERATED ALWAYS AS (CASE WHEN "type" = 'conversation' THEN "owner_id" END) STORED,
      "user_id" text GENERATED ALWAYS AS (CASE WHEN "type" = 'user' THEN "owner_id" END) STORED,
      PRIMARY KEY ("bot_id", "type", "owner_id", "name"),
      FOREIGN KEY ("bot_id", "conversation_id") REFERENCES "runtime"."conversations" ("bot_id", "id") ON DELETE CASCADE,
      FOREIGN KEY ("bot_id", "user_id") REFERENCES "runtime"."users" ("bot_id", "id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "states_conversation" ON "runtime"."states" ("bot_id", "conversation_id") WHERE "conversation_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "states_user" ON "runtime"."states" ("bot_id", "user_id") WHERE "user_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "states_expires_at" ON "runtime"."states" ("expires_at") WHERE "expires_at" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."states"`);
  }
}
