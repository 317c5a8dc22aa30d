import { MigrationInterface, QueryRunner } from 'typeorm';

export class Tables1734100000000 implements MigrationInterface {
  name = 'Tables1734100000000';

  async up(q: QueryRunner): Promise<void> {
    // Trigram search where the server has the extension; full-text search otherwise.
    // (An embedded database may list the extension and still be unable to load it.)
    await q.query(`DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
          CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
        END IF;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm cannot be installed: tables search uses full-text search';
      END $$`);
    await q.query(`CREATE TABLE "tables"."tables" (
      "id" text PRIMARY KEY,
      "bot_id" text NOT NULL,
      "name" text NOT NULL,
      "factor" integer NOT NULL DEFAULT 1,
      "frozen" boolean NOT NULL DEFAULT false,
      "key_column" text,
      "schema" jsonb NOT NULL,
      "tags" jsonb NOT NULL DEFAULT '{}',
      "next_row_id" integer NOT NULL DEFAULT 1,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      UNIQUE ("bot_id", "name"))`);
    // One row per table row: its column values as JSONB, its search text kept beside them.
    await q.query(`CREATE TABLE "tables"."rows" (
      "table_id" text NOT NULL REFERENCES "tables"."tables" ("id") ON DELETE CASCADE,
      "id" integer NOT NULL,
      "data" jsonb NOT NULL,
      "search_text" text,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("table_id", "id"))`);
    const [installed] = (await q.query(`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`)) as Array<{ n: number }>;
    if (installed.n > 0) {
      await q.query(`CREATE INDEX "rows_search_trgm" ON "tables"."rows" USING gin ("search_text" public.gin_trgm_ops)`);
    } else {
      await q.query(`CREATE INDEX "rows_search_fts" ON "tables"."rows" USING gin (to_tsvector('simple', coalesce("search_text", '')))`);
    }
    await q.query(`CREATE TABLE "tables"."jobs" (
      "id" text PRIMARY KEY,
      "bot_id" text NOT NULL,
      "table_id" text NOT NULL REFERENCES "tables"."tables" ("id") ON DELETE CASCADE,
      "type" text NOT NULL CHECK ("type" IN ('export', 'import')),
      "status" text NOT NULL CHECK ("status" IN ('pending', 'in_progress', 'finalizing', 'completed', 'failed')),
      "progress" real NOT NULL DEFAULT 0,
      "options" jsonb NOT NULL DEFAULT '{}',
      "input_file_id" text,
      "output_file_id" text,
      "error" text,
      "created_at" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX "jobs_table" ON "tables"."jobs" ("table_id", "created_at" DESC)`);
    // Files written by exports and read by imports, in parts of at most 256 KB, so neither holds a whole table in memory.
    await q.query(`CREATE TABLE "tables"."files" (
      "id" text NOT NULL,
      "bot_id" text NOT NULL,
      "part" integer NOT NULL,
      "bytes" bytea NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("id", "part"))`);
    await q.query(`CREATE INDEX "files_bot" ON "tables"."files" ("bot_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "tables"."files"`);
    await q.query(`DROP TABLE "tables"."jobs"`);
    await q.query(`DROP TABLE "tables"."rows"`);
    await q.query(`DROP TABLE "tables"."tables"`);
  }
}
