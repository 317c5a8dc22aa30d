import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery queue read in due order without sorting it:
 * - a lane's pending events indexed in the order they are delivered (by when each was due, a
 *   scheduled event by its due time), so reading a lane's next event is one step into the index.
 *   Indexed by creation time alone, every read of the next event read and sorted all of the lane's
 *   pending events, so a conversation's backlog cost more per event the longer it was;
 * - each bot's mailboxes indexed by due time, so a claim reads of each bot only the lanes it has
 *   room for, where it ranked every due lane of every bot by a sort of all of them.
 */
export class DeliveryInDueOrder1733450000000 implements MigrationInterface {
  name = 'DeliveryInDueOrder1733450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "delivery_mailboxes_bot_due" ON "runtime"."delivery_mailboxes" ("bot_id", "next_attempt_at")`);
    await q.query(`DROP INDEX "runtime"."events_pending"`);
    await q.query(
      `CREATE INDEX "events_pending" ON "runtime"."events" ("bot_id", "conversation_id", coalesce("scheduled_for", "created_at"), "created_at", "id") WHERE "status" = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "runtime"."delivery_mailboxes_bot_due"`);
    await q.query(`DROP INDEX "runtime"."events_pending"`);
    await q.query(`CREATE INDEX "events_pending" ON "runtime"."events" ("bot_id", "conversation_id", "created_at", "id") WHERE "status" = 'pending'`);
  }
}
