import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the runtime API's lists and get-or-create lookups: keyset order per bot on each
 * sort field, and tag containment (`tags @> ...`), which a jsonb_path_ops GIN index answers.
 */
export class RuntimeLists1732620000000 implements MigrationInterface {
  name = 'RuntimeLists1732620000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'conversations']) {
      await q.query(`CREATE INDEX "${table}_by_created" ON "runtime"."${table}" ("bot_id", "created_at", "id")`);
      await q.query(`CREATE INDEX "${table}_by_updated" ON "runtime"."${table}" ("bot_id", "updated_at", "id")`);
    }
    await q.query(`CREATE INDEX "messages_by_created" ON "runtime"."messages" ("bot_id", "created_at", "id")`);
    for (const table of ['users', 'conversations', 'messages']) {
      await q.query(`CREATE INDEX "${table}_tags" ON "runtime"."${table}" USING GIN ("tags" jsonb_path_ops)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['users_by_created', 'users_by_updated', 'conversations_by_created', 'conversations_by_updated', 'messages_by_created']) {
      await q.query(`DROP INDEX "runtime"."${index}"`);
    }
    for (const table of ['users', 'conversations', 'messages']) await q.query(`DROP INDEX "runtime"."${table}_tags"`);
  }
}
