import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A table's revision counts the changes of its definition (name, schema, key column, factor,
 * frozen, tags). A replica that remembers a table's definition reads rows on it only while the
 * revision is still the one it remembers, checked in the statement that reads them
 * (`RowsRepository`, `checked`), so a read of rows takes one statement instead of two.
 */
export class TableRevisions1734300000000 implements MigrationInterface {
  name = 'TableRevisions1734300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tables"."tables" ADD COLUMN "revision" integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tables"."tables" DROP COLUMN "revision"`);
  }
}
