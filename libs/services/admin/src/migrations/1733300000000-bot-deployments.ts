import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What running a bot's deployed code needs: the values of its secrets, sealed (the process reads
 * them back), and one API key per deployment, kept sealed too since it becomes the process's
 * `BP_TOKEN` (docs/bot-hosting.md).
 */
export class BotDeployments1733300000000 implements MigrationInterface {
  name = 'BotDeployments1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."bot_secrets" (
      "bot_id" text NOT NULL REFERENCES "admin"."bots" ("id") ON DELETE CASCADE,
      "name" text NOT NULL,
      "sealed" text NOT NULL,
      PRIMARY KEY ("bot_id", "name"))`);
    await q.query(`ALTER TABLE "admin"."bot_api_keys" ADD COLUMN "deployed_at" timestamptz, ADD COLUMN "sealed_value" text`);
    await q.query(`CREATE UNIQUE INDEX "bot_api_keys_deployment" ON "admin"."bot_api_keys" ("bot_id", "deployed_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "admin"."bot_api_keys_deployment"`);
    await q.query(`ALTER TABLE "admin"."bot_api_keys" DROP COLUMN "deployed_at", DROP COLUMN "sealed_value"`);
    await q.query(`DROP TABLE "admin"."bot_secrets"`);
  }
}
