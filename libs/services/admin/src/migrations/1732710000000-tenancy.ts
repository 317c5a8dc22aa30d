import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, tokens, workspaces and members as the admin API manages them, and the audit log. */
export class Tenancy1732710000000 implements MigrationInterface {
  name = 'Tenancy1732710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "admin"."accounts"
      ADD COLUMN "profile_picture" text,
      ADD COLUMN "platform_owner" boolean NOT NULL DEFAULT false`);
    // Accounts bootstrapped before this migration are known by the note of their first token.
    await q.query(`UPDATE "admin"."accounts" SET "platform_owner" = true
      WHERE "id" IN (SELECT "account_id" FROM "admin"."access_tokens" WHERE "note" = 'bootstrap')`);

    await q.query(`ALTER TABLE "admin"."access_tokens" ADD COLUMN "revoked_at" timestamptz`);
    await q.query(`CREATE INDEX "access_tokens_live" ON "admin"."access_tokens" ("account_id", "created_at") WHERE "revoked_at" IS NULL`);

    await q.query(`ALTER TABLE "admin"."workspaces"
      ADD COLUMN "about" text,
      ADD COLUMN "profile_picture" text,
      ADD COLUMN "contact_email" text,
      ADD COLUMN "website" text,
      ADD COLUMN "social_accounts" jsonb,
      ADD COLUMN "is_public" boolean,
      ADD COLUMN "spending_limit" integer NOT NULL DEFAULT 0`);

    // Existing memberships (and rows written by older replicas during a rolling upgrade) get an id too.
    await q.query(`ALTER TABLE "admin"."workspace_members"
      ADD COLUMN "id" text NOT NULL DEFAULT ('member_' || replace(gen_random_uuid()::text, '-', ''))`);
    await q.query(`ALTER TABLE "admin"."workspace_members" ADD CONSTRAINT "workspace_members_id_key" UNIQUE ("id")`);
    await q.query(`CREATE INDEX "workspace_members_by_created" ON "admin"."workspace_members" ("workspace_id", "created_at", "id")`);

    // No foreign key to the workspace: the record of who closed a workspace outlives it.
    await q.query(`CREATE TABLE "admin"."audit_records" (
      "id" text PRIMARY KEY,
      "workspace_id" text NOT NULL,
      "recorded_at" timestamptz NOT NULL,
      "account_id" text,
      "account_email" text,
      "action" text NOT NULL,
      "operation" text NOT NULL,
      "resource_id" text,
      "resource_name" text,
      "value" text)`);
    await q.query(`CREATE INDEX "audit_records_by_time" ON "admin"."audit_records" ("workspace_id", "recorded_at", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."audit_records"`);
    await q.query(`DROP INDEX "admin"."workspace_members_by_created"`);
    await q.query(`ALTER TABLE "admin"."workspace_members" DROP COLUMN "id"`);
    await q.query(`ALTER TABLE "admin"."workspaces"
      DROP COLUMN "about", DROP COLUMN "profile_picture", DROP COLUMN "contact_email", DROP COLUMN "website",
      DROP COLUMN "social_accounts", DROP COLUMN "is_public", DROP COLUMN "spending_limit"`);
    await q.query(`DROP INDEX "admin"."access_tokens_live"`);
    await q.query(`ALTER TABLE "admin"."access_tokens" DROP COLUMN "revoked_at"`);
    await q.query(`ALTER TABLE "admin"."accounts" DROP COLUMN "profile_picture", DROP COLUMN "platform_owner"`);
  }
}
