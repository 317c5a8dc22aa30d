import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery by lanes (docs/architecture.md, "Delivery"): one mailbox row per lane with pending
 * events (a conversation, or one event without a conversation), claimed by a dispatcher with a
 * lease that heartbeats keep alive. Lanes of one bot are delivered side by side; events of one
 * lane one at a time, in order. JetStream no longer carries event references.
 */
export class DeliveryMailboxes1733100000000 implements MigrationInterface {
  name = 'DeliveryMailboxes1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "runtime"."delivery_mailboxes" (
      "bot_id" text NOT NULL,
      "lane" text NOT NULL,
      "next_attempt_at" timestamptz NOT NULL,
      "lease_owner" text,
      "lease_until" timestamptz,
      PRIMARY KEY ("bot_id", "lane"))`);
    await q.query(`CREATE INDEX "delivery_mailboxes_due" ON "runtime"."delivery_mailboxes" ("next_attempt_at")`);
    await q.query(`CREATE INDEX "events_pending" ON "runtime"."events" ("bot_id", "conversation_id", "created_at", "id") WHERE "status" = 'pending'`);
    // Every event still pending gets its lane.
    await q.query(`INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at")
      SELECT DISTINCT "bot_id", coalesce("conversation_id", 'event:' || "id"), now() FROM "runtime"."events" WHERE "status" = 'pending'
      ON CONFLICT DO NOTHING`);
    await q.query(`DROP INDEX "runtime"."events_unpublished"`);
    await q.query(`ALTER TABLE "runtime"."events" DROP COLUMN "published_at"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "runtime"."events" ADD COLUMN "published_at" timestamptz`);
    await q.query(`CREATE INDEX "events_unpublished" ON "runtime"."events" ("created_at") WHERE "published_at" IS NULL`);
    await q.query(`DROP INDEX "runtime"."events_pending"`);
    await q.query(`DROP TABLE "runtime"."delivery_mailboxes"`);
  }
}
