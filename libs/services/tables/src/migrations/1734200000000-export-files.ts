import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports are written to the files service and imports read from it: the tables service keeps no
 * files of its own any more. Files exported before this are not carried over (the tables service
 * cannot write into another service's schema); exporting the table again makes a new one.
 */
export class ExportFiles1734200000000 implements MigrationInterface {
  name = 'ExportFiles1734200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "tables"."files"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "tables"."files" (
      "id" text NOT NULL,
      "bot_id" text NOT NULL,
      "part" integer NOT NULL,
      "bytes" bytea NOT NULL,
      "created_at" timestamptz NOT NULL,
      PRIMARY KEY ("id", "part"))`);
    await q.query(`CREATE INDEX "files_bot" ON "tables"."files" ("bot_id")`);
  }
}
