import { MigrationInterface, QueryRunner } from 'typeorm';

export class BotApiKeys1732610000000 implements MigrationInterface {
  name = 'BotApiKeys1732610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."bot_api_keys" (
      "id" text PRIMARY KEY,
      "bot_id" text NOT NULL REFERENCES "admin"."bots"("id") ON DELETE CASCADE,
      "token_hash" text NOT NULL UNIQUE,
      "note" text NOT NULL,
      "created_at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX ON "admin"."bot_api_keys" ("bot_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."bot_api_keys"`);
  }
}
