import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which replica of the bots service runs which bot: a lease its holder renews while it runs the
 * bot; a replica that dies stops renewing and its bots are taken over (docs/bot-hosting.md).
 * `registered` is the deployment the sdk's `register` was last sent for.
 */
export class Placements1733300000000 implements MigrationInterface {
  name = 'Placements1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "bots"."placements" (
      "bot_id" text PRIMARY KEY,
      "owner" text NOT NULL,
      "lease_until" timestamptz NOT NULL,
      "registered" text)`);
    await q.query(`CREATE INDEX "placements_lease" ON "bots"."placements" ("lease_until")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "bots"."placements"`);
  }
}
