import { MigrationInterface, QueryRunner } from 'typeorm';

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/**
 * Account ids are UUIDs, as the API's `format: uuid` says (members' `userId`, audit records'
 * `userId`). Accounts made before get a UUID in place of their old id, and everything naming them
 * follows: tokens, workspace owners and members through their foreign keys (which cascade
 * updates from now on), audit records and bots' creators by the mapping. Tokens stay valid.
 */
export class AccountUuids1733400000000 implements MigrationInterface {
  name = 'AccountUuids1733400000000';

  async up(q: QueryRunner): Promise<void> {
    const keys: Array<{ table: string; name: string; definition: string }> = await q.query(
      `SELECT conrelid::regclass::text AS "table", conname AS "name", pg_get_constraintdef(oid) AS "definition"
       FROM pg_constraint WHERE contype = 'f' AND confrelid = '"admin"."accounts"'::regclass`,
    );
    for (const key of keys) {
      await q.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`);
      await q.query(
        `ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition.replace(/ ON UPDATE (CASCADE|RESTRICT|NO ACTION|SET NULL|SET DEFAULT)/, '')} ON UPDATE CASCADE`,
      );
    }
    await q.query(`CREATE TEMPORARY TABLE "account_ids" AS
      SELECT "id" AS "old_id", gen_random_uuid()::text AS "new_id" FROM "admin"."accounts" WHERE "id" !~ ${UUID}`);
    await q.query(`UPDATE "admin"."accounts" a SET "id" = m."new_id" FROM "account_ids" m WHERE a."id" = m."old_id"`);
    await q.query(`UPDATE "admin"."audit_records" r SET "account_id" = m."new_id" FROM "account_ids" m WHERE r."account_id" = m."old_id"`);
    await q.query(`UPDATE "admin"."bots" b SET "created_by" = m."new_id" FROM "account_ids" m WHERE b."created_by" = m."old_id"`);
    await q.query(`DROP TABLE "account_ids"`);
  }

  async down(): Promise<void> {
    // The UUIDs stay: they are valid ids of either version.
  }
}
