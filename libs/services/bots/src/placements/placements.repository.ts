import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface Placement {
  botId: string;
  owner: string;
  /** Whether the owner's lease still holds. */
  live: boolean;
  registered: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  const rows = result as [T[], number] | T[];
  return (Array.isArray(rows[0]) ? rows[0] : rows) as T[];
}

/**
 * The placements of bots on replicas (the only database access of the bots service). A lease is
 * taken and renewed by conditional updates, so two replicas never both hold one.
 */
@Injectable()
export class PlacementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(botId: string): Promise<Placement | undefined> {
    const [row] = rowsOf<Placement>(
      await this.dataSource.query(
        `SELECT "bot_id" AS "botId", "owner", "lease_until" > now() AS "live", "registered" FROM "bots"."placements" WHERE "bot_id" = $1`,
        [botId],
      ),
    );
    return row;
  }

  /** Takes the bot if nobody holds it (or its holder's lease ran out); answers whether this owner now holds it. */
  async claim(botId: string, owner: string, leaseMs: number): Promise<Placement | undefined> {
    const [row] = rowsOf<Placement>(
      await this.dataSource.query(
        `INSERT INTO "bots"."placements" AS p ("bot_id", "owner", "lease_until") VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT ("bot_id") DO UPDATE SET "owner" = EXCLUDED."owner", "lease_until" = EXCLUDED."lease_until"
         WHERE p."lease_until" < now() OR p."owner" = EXCLUDED."owner"
         RETURNING "bot_id" AS "botId", "owner", true AS "live", "registered"`,
        [botId, owner, leaseMs],
      ),
    );
    return row;
  }

  /** Bots whose holder stopped renewing: up to `limit` of them, for a replica to take over. */
  async orphans(limit: number): Promise<string[]> {
    const rows = rowsOf<{ botId: string }>(
      await this.dataSource.query(`SELECT "bot_id" AS "botId" FROM "bots"."placements" WHERE "lease_until" < now() ORDER BY "lease_until" LIMIT $1`, [limit]),
    );
    return rows.map((row) => row.botId);
  }

  /** Extends this owner's leases; answers the bots it no longer holds. */
  async renew(owner: string, botIds: string[], leaseMs: number): Promise<string[]> {
    if (botIds.length === 0) return [];
    const kept = new Set(
      rowsOf<{ botId: string }>(
        await this.dataSource.query(
          `UPDATE "bots"."placements" SET "lease_until" = now() + $2 * interval '1 millisecond' WHERE "owner" = $1 AND "bot_id" = ANY($3::text[]) RETURNING "bot_id" AS "botId"`,
          [owner, leaseMs, botIds],
        ),
      ).map((row) => row.botId),
    );
    return botIds.filter((botId) => !kept.has(botId));
  }

  async markRegistered(botId: string, owner: string, deployedAt: string): Promise<void> {
    await this.dataSource.query(`UPDATE "bots"."placements" SET "registered" = $3 WHERE "bot_id" = $1 AND "owner" = $2`, [botId, owner, deployedAt]);
  }

  /** Lets go of bots at once (a stopping replica), so others take them without waiting for the lease. */
  async release(owner: string, botIds: string[]): Promise<void> {
    if (botIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE "bots"."placements" SET "lease_until" = now() - interval '1 second' WHERE "owner" = $1 AND "bot_id" = ANY($2::text[])`,
      [owner, botIds],
    );
  }

  async delete(botId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "bots"."placements" WHERE "bot_id" = $1`, [botId]);
  }
}
