import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732200000000 implements MigrationInterface {
  name = 'Initial1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."accounts" (
      "id" text PRIMARY KEY,
      "email" text NOT NULL UNIQUE,
      "display_name" text,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE "admin"."access_tokens" (
      "id" text PRIMARY KEY,
      "account_id" text NOT NULL REFERENCES "admin"."accounts"("id") ON DELETE CASCADE,
      "token_hash" text NOT NULL UNIQUE,
      "note" text NOT NULL,
      "created_at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX ON "admin"."access_tokens" ("account_id")`);
    await q.query(`CREATE TABLE "admin"."workspaces" (
      "id" text PRIMARY KEY,
      "name" text NOT NULL,
      "owner_id" text NOT NULL REFERENCES "admin"."accounts"("id"),
      "handle" text UNIQUE,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE "admin"."workspace_members" (
      "workspace_id" text NOT NULL REFERENCES "admin"."workspaces"("id") ON DELETE CASCADE,
      "account_id" text NOT NULL REFERENCES "admin"."accounts"("id") ON DELETE CASCADE,
      "role" text NOT NULL CHECK ("role" IN ('viewer','billing','developer','manager','administrator','owner')),
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("workspace_id", "account_id"))`);
    await q.query(`CREATE INDEX ON "admin"."workspace_members" ("account_id")`);
    await q.query(`CREATE TABLE "admin"."bots" (
      "id" text PRIMARY KEY,
      "workspace_id" text NOT NULL REFERENCES "admin"."workspaces"("id") ON DELETE CASCADE,
      "name" text NOT NULL,
      "dev" boolean NOT NULL,
      "url" text,
      "tags" jsonb NOT NULL,
      "definition" jsonb NOT NULL,
      "code" text,
      "signing_secret_hash" text NOT NULL,
      "created_by" text,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      "deployed_at" timestamptz)`);
    await q.query(`CREATE INDEX ON "admin"."bots" ("workspace_id", "created_at", "id")`);
    await q.query(`CREATE INDEX ON "admin"."bots" ("workspace_id", "updated_at", "id")`);
    await q.query(`CREATE INDEX ON "admin"."bots" USING gin ("tags")`);
    await q.query(`CREATE TABLE "admin"."bot_integrations" (
      "bot_id" text NOT NULL REFERENCES "admin"."bots"("id") ON DELETE CASCADE,
      "alias" text NOT NULL,
      "integration_id" text NOT NULL,
      "enabled" boolean NOT NULL,
      "configuration" jsonb NOT NULL,
      "configuration_type" text,
      "disabled_channels" jsonb NOT NULL,
      "webhook_id" text NOT NULL UNIQUE,
      "generated_key" text NOT NULL,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "alias"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['bot_integrations', 'bots', 'workspace_members', 'workspaces', 'access_tokens', 'accounts']) {
      await q.query(`DROP TABLE "admin"."${table}"`);
    }
  }
}
