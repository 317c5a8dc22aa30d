import { MigrationInterface, QueryRunner } from 'typeorm';

/** Bots' deployed code writes to getBotLogs too, at the sdk logger's levels, debug included. */
export class BotCodeLogs1733300000000 implements MigrationInterface {
  name = 'BotCodeLogs1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "runtime"."bot_logs" DROP CONSTRAINT "bot_logs_level_check"`);
    await q.query(`ALTER TABLE "runtime"."bot_logs" ADD CONSTRAINT "bot_logs_level_check" CHECK ("level" IN ('debug', 'info', 'warn', 'error'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "runtime"."bot_logs" WHERE "level" = 'debug'`);
    await q.query(`ALTER TABLE "runtime"."bot_logs" DROP CONSTRAINT "bot_logs_level_check"`);
    await q.query(`ALTER TABLE "runtime"."bot_logs" ADD CONSTRAINT "bot_logs_level_check" CHECK ("level" IN ('info', 'warn', 'error'))`);
  }
}
