import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bot log lines indexed by time alone, so the retention sweep finds the oldest lines of every bot
 * in one step into the index instead of scanning the table (which grows by a line per delivered
 * event).
 */
export class BotLogRetention1733460000000 implements MigrationInterface {
  name = 'BotLogRetention1733460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "bot_logs_by_time" ON "runtime"."bot_logs" ("timestamp")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "runtime"."bot_logs_by_time"`);
  }
}
