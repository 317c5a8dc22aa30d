import { MigrationInterface, QueryRunner } from 'typeorm';

export class Files1734100000000 implements MigrationInterface {
  name = 'Files1734100000000';

  async up(q: QueryRunner): Promise<void> {
    // Trigram similarity ranks search results when the extension can be had; search works without it.
    await q.query(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm unavailable'; END $$`);
    // The key that signs upload and download addresses, made once and shared by every replica.
    await q.query(`CREATE TABLE "files"."signing_keys" ("id" int PRIMARY KEY, "secret" text NOT NULL)`);
    await q.query(
      `INSERT INTO "files"."signing_keys" ("id", "secret") VALUES (1, encode(gen_random_uuid()::text::bytea, 'hex') || encode(gen_random_uuid()::text::bytea, 'hex'))`,
    );
    await q.query(`CREATE TABLE "files"."files" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "key" text NOT NULL,
      "content_type" text NOT NULL,
      "declared_size" bigint NOT NULL,
      "size" bigint,
      "tags" jsonb NOT NULL DEFAULT '{}',
      "metadata" jsonb NOT NULL DEFAULT '{}',
      "access_policies" text[] NOT NULL DEFAULT '{}',
      "index" boolean NOT NULL DEFAULT false,
      "indexing" jsonb,
      "status" text NOT NULL,
      "failed_status_reason" text,
      "owner" jsonb NOT NULL,
      "expires_at" timestamptz,
      "blob" text,
      "upload_id" text,
      "upload_claimed" boolean NOT NULL DEFAULT false,
      "pending_passages" jsonb,
      "indexing_lease_until" timestamptz,
      "indexing_attempts" int NOT NULL DEFAULT 0,
      "indexed" boolean NOT NULL DEFAULT false,
      "language" regconfig,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"),
      UNIQUE ("bot_id", "key"))`);
    await q.query(`CREATE INDEX "files_indexing" ON "files"."files" ("indexing_lease_until") WHERE "status" = 'indexing_pending'`);
    await q.query(`CREATE INDEX "files_expires_at" ON "files"."files" ("expires_at") WHERE "expires_at" IS NOT NULL`);
    await q.query(`CREATE INDEX "files_tags" ON "files"."files" USING gin ("tags" jsonb_path_ops)`);
    await q.query(`CREATE TABLE "files"."passages" (
      "bot_id" text NOT NULL,
      "file_id" text NOT NULL,
      "position" int NOT NULL,
      "id" uuid NOT NULL,
      "content" text NOT NULL,
      "subtype" text NOT NULL,
      "page_number" int,
      "breadcrumb" text[] NOT NULL DEFAULT '{}',
      "language" regconfig NOT NULL,
      "tsv" tsvector NOT NULL,
      PRIMARY KEY ("bot_id", "file_id", "position"),
      FOREIGN KEY ("bot_id", "file_id") REFERENCES "files"."files" ("bot_id", "id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "passages_tsv" ON "files"."passages" USING gin ("tsv")`);
    await q.query(`CREATE TABLE "files"."knowledge_bases" (
      "bot_id" text NOT NULL,
      "id" text NOT NULL,
      "name" text NOT NULL,
      "tags" jsonb NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "id"))`);
    // Blobs whose file went: removed from the store by a sweep, so a crash never leaks one.
    await q.query(`CREATE TABLE "files"."orphan_blobs" ("name" text PRIMARY KEY, "since" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "files"."orphan_blobs", "files"."knowledge_bases", "files"."passages", "files"."files", "files"."signing_keys"`);
  }
}
