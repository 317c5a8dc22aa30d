import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each account's preferences: one JSON value per key (`setAccountPreference`). */
export class AccountPreferences1733410000000 implements MigrationInterface {
  name = 'AccountPreferences1733410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."account_preferences" (
      "account_id" text NOT NULL REFERENCES "admin"."accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
      "key" text NOT NULL,
      "value" jsonb,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("account_id", "key"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."account_preferences"`);
  }
}
