import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BotFailedEvent, BotFailureGroup } from '@platform/contracts';

/** Most failure reasons, and most events of one reason, answered at once. */
const LIMIT = 100;

/** Reads a bot's failed events (the outbox rows marked `failed`) for the admin API's bot issues. */
@Injectable()
export class FailuresRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async groups(botId: string): Promise<BotFailureGroup[]> {
    const rows: Array<{ reason: string; count: string; first: Date; last: Date }> = await this.db.query(
      `SELECT "failure_reason" AS "reason", count(*) AS "count", min("created_at") AS "first", max("created_at") AS "last"
       FROM "runtime"."events" WHERE "bot_id" = $1 AND "status" = 'failed' AND "failure_reason" IS NOT NULL
       GROUP BY "failure_reason" ORDER BY max("created_at") DESC LIMIT ${LIMIT}`,
      [botId],
    );
    return rows.map((r) => ({ reason: r.reason, count: Number(r.count), first: r.first.toISOString(), last: r.last.toISOString() }));
  }

  async events(botId: string, reason: string, after?: Date): Promise<BotFailedEvent[]> {
    const rows: Array<{ id: string; type: string; created_at: Date }> = await this.db.query(
      `SELECT "id", "type", "created_at" FROM "runtime"."events"
       WHERE "bot_id" = $1 AND "status" = 'failed' AND "failure_reason" = $2 AND ($3::timestamptz IS NULL OR "created_at" > $3)
       ORDER BY "created_at" DESC, "id" DESC LIMIT ${LIMIT}`,
      [botId, reason, after ?? null],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.created_at.toISOString() }));
  }
}
