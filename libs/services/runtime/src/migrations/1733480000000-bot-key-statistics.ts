import { MigrationInterface, QueryRunner } from 'typeorm';

/** The runtime's tables keyed by bot that have other indexes led by the bot's id. */
export const BOT_KEYED_TABLES = ['action_runs', 'bot_logs', 'conversations', 'events', 'messages', 'participants', 'states', 'tasks', 'users', 'workflows'];

/**
 * No planner statistics on the bot id of the tables keyed by bot. From statistics taken before a
 * bot existed (or while it was small), the planner expects one row of it, so a read by key
 * ("bot_id", "id") and a scan of another index led by "bot_id" look the same to it, and it took the
 * other index: each event of a new bot marked delivered read all the bot's events before it (4,000
 * rows a statement in the bot loop of `npm run bench`), until the next analysis of a table that
 * may be large. Without them it expects a share of the table per bot, and a read by key goes by
 * the key. The delivery mailboxes keep theirs, analysed as they change (`MailboxStatistics`).
 *
 * Resetting the column's type to itself drops the statistics already taken, without rewriting the
 * table or rebuilding its indexes.
 */
export class BotKeyStatistics1733480000000 implements MigrationInterface {
  name = 'BotKeyStatistics1733480000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of BOT_KEYED_TABLES) {
      await q.query(`ALTER TABLE "runtime"."${table}" ALTER COLUMN "bot_id" SET STATISTICS 0, ALTER COLUMN "bot_id" TYPE text`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of BOT_KEYED_TABLES) {
      await q.query(`ALTER TABLE "runtime"."${table}" ALTER COLUMN "bot_id" SET STATISTICS -1`);
    }
  }
}
