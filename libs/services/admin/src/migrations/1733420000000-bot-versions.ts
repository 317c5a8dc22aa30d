import { MigrationInterface, QueryRunner } from 'typeorm';

/** Named versions of a bot: each keeps the bot JSON of the moment it was made. */
export class BotVersions1733420000000 implements MigrationInterface {
  name = 'BotVersions1733420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."bot_versions" (
      "id" text PRIMARY KEY,
      "bot_id" text NOT NULL REFERENCES "admin"."bots" ("id") ON DELETE CASCADE,
      "name" text NOT NULL,
      "description" text,
      "bot_json" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX "bot_versions_by_bot" ON "admin"."bot_versions" ("bot_id", "created_at", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."bot_versions"`);
  }
}
