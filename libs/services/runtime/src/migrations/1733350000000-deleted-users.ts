import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each user was deleted, so that a key issued to a user before its deletion never brings it
 * back (docs/contracts.md, "Authentication").
 */
export class DeletedUsers1733350000000 implements MigrationInterface {
  name = 'DeletedUsers1733350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."deleted_users" (
      "bot_id" text NOT NULL,
      "user_id" text NOT NULL,
      "deleted_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "user_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "runtime"."deleted_users"`);
  }
}
