import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lane's pending events indexed in the order they are delivered (by when each was due, a
 * scheduled event by its due time): reading a lane's next event is then one step into the index.
 * Indexed by creation time alone, every read of the next event read and sorted all of the lane's
 * pending events, so a conversation's backlog cost more per event the longer it was.
 */
export class PendingEventsInDueOrder1733450000000 implements MigrationInterface {
  name = 'PendingEventsInDueOrder1733450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "runtime"."events_pending"`);
    await q.query(
      `CREATE INDEX "events_pending" ON "runtime"."events" ("bot_id", "conversation_id", coalesce("scheduled_for", "created_at"), "created_at", "id") WHERE "status" = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "runtime"."events_pending"`);
    await q.query(`CREATE INDEX "events_pending" ON "runtime"."events" ("bot_id", "conversation_id", "created_at", "id") WHERE "status" = 'pending'`);
  }
}
