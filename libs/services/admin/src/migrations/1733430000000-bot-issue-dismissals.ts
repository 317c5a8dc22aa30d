import { MigrationInterface, QueryRunner } from 'typeorm';

/** When each issue of a bot was dismissed (`deleteBotIssue`): only failures after it show again. */
export class BotIssueDismissals1733430000000 implements MigrationInterface {
  name = 'BotIssueDismissals1733430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "admin"."bot_issue_dismissals" (
      "bot_id" text NOT NULL REFERENCES "admin"."bots" ("id") ON DELETE CASCADE,
      "issue_id" text NOT NULL,
      "dismissed_at" timestamptz NOT NULL,
      PRIMARY KEY ("bot_id", "issue_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."bot_issue_dismissals"`);
  }
}
