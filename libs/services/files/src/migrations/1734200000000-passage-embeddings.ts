import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room for semantic ranking, used only when an embeddings endpoint is configured: each passage may
 * keep its embedding (float32 bytes, unit length) and the embedding's sign bits (the cheap first
 * pass of a search), and each file the model its passages were embedded with. Plain columns, no
 * extension: the same schema on any Postgres and on the embedded one.
 */
export class PassageEmbeddings1734200000000 implements MigrationInterface {
  name = 'PassageEmbeddings1734200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "files"."files" ADD COLUMN "embedding_model" text`);
    await q.query(`ALTER TABLE "files"."passages" ADD COLUMN "embedding" bytea, ADD COLUMN "embedding_sign" bit varying`);
    // Vectors do not compress: kept out of line uncompressed, no effort is spent trying.
    await q.query(`ALTER TABLE "files"."passages" ALTER COLUMN "embedding" SET STORAGE EXTERNAL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "files"."passages" DROP COLUMN "embedding_sign", DROP COLUMN "embedding"`);
    await q.query(`ALTER TABLE "files"."files" DROP COLUMN "embedding_model"`);
  }
}
