import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** When each issue of a bot was dismissed. */
@Injectable()
export class BotIssuesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async dismissals(botId: string): Promise<Map<string, Date>> {
    const rows: Array<{ issue_id: string; dismissed_at: Date }> = await this.db.query(
      `SELECT "issue_id", "dismissed_at" FROM "admin"."bot_issue_dismissals" WHERE "bot_id" = $1`,
      [botId],
    );
    return new Map(rows.map((r) => [r.issue_id, r.dismissed_at]));
  }

  async dismiss(botId: string, issueId: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO "admin"."bot_issue_dismissals" ("bot_id", "issue_id", "dismissed_at") VALUES ($1, $2, $3)
       ON CONFLICT ("bot_id", "issue_id") DO UPDATE SET "dismissed_at" = EXCLUDED."dismissed_at"`,
      [botId, issueId, at],
    );
  }
}
