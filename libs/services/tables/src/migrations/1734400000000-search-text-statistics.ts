import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No statistics on the rows' search text. The planner estimated a word-similarity search (`<%`)
 * by computing the similarity of the term to each value of the column's histogram: 0.7 ms of
 * planning for each search, more than reading a table of 200 rows took. Those values mix the rows
 * of every table of every bot, so the estimate said little about the table searched anyway;
 * without them the planner takes pg_trgm's fixed selectivity and still chooses the trigram index
 * for a large table. Changing the column to its own type removes the statistics gathered so far
 * (text to text rewrites neither the table nor its indexes).
 */
export class SearchTextStatistics1734400000000 implements MigrationInterface {
  name = 'SearchTextStatistics1734400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tables"."rows" ALTER COLUMN "search_text" SET STATISTICS 0`);
    await q.query(`ALTER TABLE "tables"."rows" ALTER COLUMN "search_text" TYPE text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tables"."rows" ALTER COLUMN "search_text" SET STATISTICS -1`);
  }
}
