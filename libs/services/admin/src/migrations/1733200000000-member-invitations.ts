import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A membership starts as an invitation to an email address and becomes an account's membership
 * when that account accepts it, so adding a member tells nothing about which emails have accounts
 * and nobody is made a member without consenting (docs/contracts.md, "Members").
 */
export class MemberInvitations1733200000000 implements MigrationInterface {
  name = 'MemberInvitations1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP CONSTRAINT "workspace_members_pkey"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP CONSTRAINT "workspace_members_id_key"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD PRIMARY KEY ("id")`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ALTER COLUMN "account_id" DROP NOT NULL`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD COLUMN "invited_email" text`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD CONSTRAINT "workspace_members_account_or_invitation"
      CHECK (("account_id" IS NULL) <> ("invited_email" IS NULL))`);
    await q.query(
      `CREATE UNIQUE INDEX "workspace_members_account" ON "admin"."workspace_members" ("workspace_id", "account_id") WHERE "account_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "workspace_members_invitation" ON "admin"."workspace_members" ("workspace_id", "invited_email") WHERE "invited_email" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "workspace_members_by_invited_email" ON "admin"."workspace_members" ("invited_email") WHERE "invited_email" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "admin"."workspace_members" WHERE "account_id" IS NULL`);
    await q.query(`DROP INDEX "admin"."workspace_members_by_invited_email"`);
    await q.query(`DROP INDEX "admin"."workspace_members_invitation"`);
    await q.query(`DROP INDEX "admin"."workspace_members_account"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP CONSTRAINT "workspace_members_account_or_invitation"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP COLUMN "invited_email"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ALTER COLUMN "account_id" SET NOT NULL`);
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP CONSTRAINT "workspace_members_pkey"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD CONSTRAINT "workspace_members_id_key" UNIQUE ("id")`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD PRIMARY KEY ("workspace_id", "account_id")`);
  }
}
