import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bot's signing secrets, sealed (encrypted with the platform's secret key) since deliveries are
 * signed with them: the newest is the bot's `signingSecret`; one rotated out keeps signing
 * deliveries beside the new one for a day.
 */
export class BotSigningSecrets1733100000000 implements MigrationInterface {
  name = 'BotSigningSecrets1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."bot_signing_secrets" (
      "bot_id" text NOT NULL REFERENCES "admin"."bots" ("id") ON DELETE CASCADE,
      "sealed" text NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "created_at"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."bot_signing_secrets"`);
  }
}
