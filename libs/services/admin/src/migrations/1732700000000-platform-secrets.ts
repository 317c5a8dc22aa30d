import { MigrationInterface, QueryRunner } from 'typeorm';

export class PlatformSecrets1732700000000 implements MigrationInterface {
  name = 'PlatformSecrets1732700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."platform_secrets" ("name" text PRIMARY KEY, "value" text NOT NULL)`);
    // The chat signing key of each integration instance is kept encrypted from now on.
    await q.query(`ALTER TABLE "admin"."bot_integrations" RENAME COLUMN "generated_key" TO "sealed_key"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "admin"."bot_integrations" RENAME COLUMN "sealed_key" TO "generated_key"`);
    await q.query(`DROP TABLE "admin"."platform_secrets"`);
  }
}
