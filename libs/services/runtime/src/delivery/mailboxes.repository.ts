import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { oneStatement, queryRows, Statement } from '@platform/persistence';
import { BOOKKEEPING } from './bookkeeping';
import { laneKey, lockOrder, mailboxesLockedInOrder, ofLane, pendingOrder } from './lanes';

/** Bots with mailboxes up to which a claim finds them by stepping from one to the next (`claim`). */
export const STEPPED_BOTS = 32;

export interface Lane {
  botId: string;
  lane: string;
}

/**
 * The delivery queue: one row per lane with pending events, due at `next_attempt_at`, held by
 * one dispatcher at a time through a lease that it renews while it delivers. A dispatcher that
 * dies stops renewing, and its lanes are taken over once the lease runs out.
 */
@Injectable()
export class MailboxesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Leases up to `limit` due lanes, oldest due first, and of each bot at most the room it has
   * left here: `perBot` less the lanes of it in `busy` (bot id → lanes this dispatcher is
   * delivering). Two dispatchers never lease the same lane: the lease is taken by a
   * conditional update.
   *
   * Each bot's due lanes are read from the index of its mailboxes by due time, no more than its
   * room, and the bots are found in one of two ways. While few bots have mailboxes (up to
   * `STEPPED_BOTS`), by stepping through that index from one bot to the next: a handful of reads,
   * however many lanes are due. Otherwise, from the index of mailboxes by due time: a look at each
   * due lane, never at a bot with none due. Ranking every due lane by bot, as a window over all of
   * them did, cost a backlog spread over thousands of conversations a sort of all of them at each
   * lane it finished (a dispatcher whose bot is at its limit claims again as each lane ends).
   *
   * The lanes picked are then locked in the order of their keys, as writers lock them, not in the
   * order they were picked; one that a writer holds is waited for, and one leased meanwhile is
   * left out.
   */
  async claim(owner: string, limit: number, perBot: number, leaseMs: number, busy: ReadonlyMap<string, number>): Promise<Lane[]> {
    const rows = await this.bookkeeping(this.claimStatement(owner, limit, perBot, leaseMs, busy), true);
    return rows as unknown as Lane[];
  }

  /** The statement of `claim`, which returns the lanes it leased. */
  claimStatement(owner: string, limit: number, perBot: number, leaseMs: number, busy: ReadonlyMap<string, number>): Statement {
    return {
      // `few` holds whether the steps found every bot: it is a one-time filter on either way.
      text: `WITH RECURSIVE stepped AS (
         SELECT min("bot_id") AS "bot_id", 1 AS "n" FROM "runtime"."delivery_mailboxes"
         UNION ALL
         SELECT (SELECT min(s."bot_id") FROM "runtime"."delivery_mailboxes" s WHERE s."bot_id" > p."bot_id"), p."n" + 1
           FROM stepped p WHERE p."bot_id" IS NOT NULL AND p."n" <= ${STEPPED_BOTS}),
       few AS MATERIALIZED (SELECT count(*) <= ${STEPPED_BOTS} AS "yes" FROM stepped WHERE "bot_id" IS NOT NULL),
       bots AS (
         SELECT "bot_id" FROM stepped WHERE "bot_id" IS NOT NULL AND (SELECT "yes" FROM few)
         UNION ALL
         SELECT DISTINCT "bot_id" FROM "runtime"."delivery_mailboxes"
          WHERE "next_attempt_at" <= now() AND ("lease_until" IS NULL OR "lease_until" < now()) AND NOT (SELECT "yes" FROM few)),
       candidates AS MATERIALIZED (
         SELECT d."bot_id", d."lane" FROM bots b
         LEFT JOIN unnest($5::text[], $6::int[]) AS here("bot_id", "lanes") ON here."bot_id" = b."bot_id"
         CROSS JOIN LATERAL (
           SELECT m."bot_id", m."lane", m."next_attempt_at" FROM "runtime"."delivery_mailboxes" m
           WHERE m."bot_id" = b."bot_id" AND m."next_attempt_at" <= now() AND (m."lease_until" IS NULL OR m."lease_until" < now())
           ORDER BY m."next_attempt_at" LIMIT greatest($3 - coalesce(here."lanes", 0), 0)) d
         ORDER BY d."next_attempt_at" LIMIT $2),
       taken AS (${mailboxesLockedInOrder(
         `"runtime"."delivery_mailboxes" m JOIN candidates c ON m."bot_id" = c."bot_id" AND m."lane" = c."lane"`,
         `(m."lease_until" IS NULL OR m."lease_until" < now())`,
       )})
       UPDATE "runtime"."delivery_mailboxes" m SET "lease_owner" = $1, "lease_until" = now() + $4 * interval '1 millisecond'
       FROM taken t WHERE m."bot_id" = t."bot_id" AND m."lane" = t."lane"
       RETURNING m."bot_id" AS "botId", m."lane"`,
      values: [owner, limit, perBot, leaseMs, [...busy.keys()], [...busy.values()]],
    };
  }

  /**
   * Extends the leases this dispatcher holds; answers the lanes it no longer holds. A lane's row
   * that another transaction has locked at that moment (a writer queueing an event, a delivered
   * event's settling) is not waited for at first: a renewal waiting for one row while holding
   * the others it had renewed made the writers and settlings of those lanes wait in turn (90 ms
   * a renewal under the bot loop of `npm run bench`, and single settlings 2.4 ms instead of 0.4).
   * The rows free are renewed at once, then those that were locked, waiting for them. Rows are
   * locked in the order of the lanes' keys, as by every statement that locks several
   * (`lockOrder`), so a renewal and a settling of several lanes cannot deadlock.
   */
  async renew(owner: string, lanes: Lane[], leaseMs: number): Promise<Lane[]> {
    if (lanes.length === 0) return [];
    const ordered = lockOrder(lanes).map((i) => lanes[i]);
    const renewed = new Set<string>();
    const renew = async (which: Lane[], wait: 'SKIP LOCKED' | '') => {
      for (const lane of (await this.bookkeeping(this.renewStatement(owner, which, leaseMs, wait), true)) as unknown as Lane[]) renewed.add(laneKey(lane));
    };
    await renew(ordered, 'SKIP LOCKED');
    // Those not renewed were locked, or are no longer held (a lane that ended meanwhile, or lost).
    const rest = ordered.filter((lane) => !renewed.has(laneKey(lane)));
    if (rest.length > 0) await renew(rest, '');
    return lanes.filter((lane) => !renewed.has(laneKey(lane)));
  }

  /** The statement renewing the leases of `lanes` held by `owner`, which returns the lanes it renewed; `wait` is how it takes their rows. */
  private renewStatement(owner: string, lanes: Lane[], leaseMs: number, wait: 'SKIP LOCKED' | ''): Statement {
    return {
      text: `WITH held AS (
         SELECT h."bot_id", h."lane" FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS a("bot_id", "lane", "i")
           JOIN "runtime"."delivery_mailboxes" h ON h."bot_id" = a."bot_id" AND h."lane" = a."lane" AND h."lease_owner" = $1
          ORDER BY a."i" FOR UPDATE OF h ${wait})
       UPDATE "runtime"."delivery_mailboxes" m SET "lease_until" = now() + $2 * interval '1 millisecond'
         FROM held WHERE m."bot_id" = held."bot_id" AND m."lane" = held."lane"
       RETURNING m."bot_id" AS "botId", m."lane"`,
      values: [owner, leaseMs, lanes.map((l) => l.botId), lanes.map((l) => l.lane)],
    };
  }

  /** Gives the lane back, due again after `delayMs` (a retry's backoff, or at once). */
  async release(owner: string, lane: Lane, delayMs: number): Promise<void> {
    await this.bookkeeping({
      text: `UPDATE "runtime"."delivery_mailboxes" SET "lease_owner" = NULL, "lease_until" = NULL, "next_attempt_at" = now() + $4 * interval '1 millisecond'
       WHERE "bot_id" = $2 AND "lane" = $3 AND "lease_owner" = $1`,
      values: [owner, lane.botId, lane.lane, delayMs],
    });
  }

  /**
   * Removes the lane's mailbox when no event of it is pending, or gives the lane back, due now,
   * when it could not (an event is pending, or a writer queued one meanwhile); answers whether it
   * removed it.
   */
  async close(owner: string, lane: Lane): Promise<boolean> {
    const removed = await this.bookkeeping(this.closeStatement(owner, lane), true);
    if (removed.length === 0) await this.release(owner, lane, 0);
    return removed.length > 0;
  }

  /**
   * The statement removing the lane's mailbox held by `owner` if no event of the lane is pending
   * but `delivered` (one being marked processed in the same statement); it returns a row when it
   * did. It removes only the version of the row its snapshot saw: a writer queueing an event
   * locks the row (`enqueueLanes`) and leaves a new version of it, so a removal that waited for
   * that writer, whose check of pending events could not see the writer's event, keeps the
   * mailbox instead. A writer that comes after the removal finds no row and makes one.
   *
   * The check looks for the lane's first pending event in the order of their index, as reading
   * the next event does. Asked as a bare EXISTS, the planner could take a scan of every event:
   * with statistics saying many events are pending, it expected the scan to meet one at once,
   * while at a lane's end none is there to meet (13 ms a statement once the events table held
   * thousands of rows). Ordered, a scan would also have to sort, and the index wins whatever
   * the statistics say.
   */
  closeStatement(owner: string, lane: Lane, delivered = ''): Statement {
    const { condition, value } = ofLane('e', lane.lane, '$5');
    return {
      text: `DELETE FROM "runtime"."delivery_mailboxes" m WHERE m."bot_id" = $1 AND m."lane" = $2 AND m."lease_owner" = $3
       AND m."xmin" = (SELECT s."xmin" FROM "runtime"."delivery_mailboxes" s WHERE s."bot_id" = $1 AND s."lane" = $2)
       AND NOT EXISTS (SELECT 1 FROM (SELECT 1 FROM "runtime"."events" e WHERE e."bot_id" = $1 AND e."status" = 'pending' AND ${condition} AND e."id" <> $4
                                      ORDER BY ${pendingOrder('e')} LIMIT 1) AS "first_pending")
       RETURNING 1`,
      values: [lane.botId, lane.lane, owner, delivered, value],
    };
  }

  /** Every lane of the bot is due now (its code or url just changed). */
  async wakeBot(botId: string): Promise<void> {
    const { text, values } = this.wakeBotStatement(botId);
    await this.dataSource.query(text, values);
  }

  /** The statement of `wakeBot`. */
  wakeBotStatement(botId: string): Statement {
    return {
      text: `WITH taken AS (${mailboxesLockedInOrder(`"runtime"."delivery_mailboxes" m`, `m."bot_id" = $1 AND m."lease_owner" IS NULL`)})
       UPDATE "runtime"."delivery_mailboxes" m SET "next_attempt_at" = now() FROM taken t WHERE m."bot_id" = t."bot_id" AND m."lane" = t."lane"`,
      values: [botId],
    };
  }

  /**
   * Analyses the mailboxes when their planner statistics are out of date: more rows changed since
   * the last analysis than `minChanges` and `share` of the rows then, and that analysis older
   * than `minAgeMs` (whoever made it: another replica, autovacuum). Answers whether it analysed.
   *
   * The table is small and its rows change with every delivery, so what the statistics describe
   * can be gone within seconds: a backlog spread over thousands of conversations appears at once.
   * Autovacuum looks at a table once a minute at best, and not at all where it is turned off or
   * on the embedded database. Planned with statistics taken while the table held one row, a
   * bot's wake-up over 20,000 lanes read each lane's row by scanning all of the bot's (20 s,
   * holding the lock of every lane meanwhile), and each claim read the whole table (in `npm run
   * bench`, a backlog spread over 2,000 conversations drained at half its speed).
   */
  async refreshStatistics(minChanges: number, share: number, minAgeMs: number): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `SELECT s."n_mod_since_analyze" > $1 + $2 * greatest(c."reltuples", 0)
              AND coalesce(greatest(s."last_analyze", s."last_autoanalyze"), '-infinity') < now() - $3 * interval '1 millisecond' AS "stale"
         FROM "pg_catalog"."pg_stat_user_tables" s JOIN "pg_catalog"."pg_class" c ON c."oid" = s."relid"
        WHERE s."relid" = '"runtime"."delivery_mailboxes"'::regclass`,
      [minChanges, share, minAgeMs],
    )) as Array<{ stale: boolean }>;
    if (!row?.stale) return false;
    await this.dataSource.query(`ANALYZE "runtime"."delivery_mailboxes"`);
    return true;
  }

  /** Gives back every lease of a stopping dispatcher, so others take its lanes at once. */
  async releaseAll(owner: string): Promise<void> {
    await this.dataSource.query(
      `WITH taken AS (${mailboxesLockedInOrder(`"runtime"."delivery_mailboxes" m`, `m."lease_owner" = $1`)})
       UPDATE "runtime"."delivery_mailboxes" m SET "lease_owner" = NULL, "lease_until" = NULL FROM taken t WHERE m."bot_id" = t."bot_id" AND m."lane" = t."lane"`,
      [owner],
    );
  }

  /** Recreates the mailboxes of lanes with pending events but none (events written around the writer, e.g. by hand). */
  async repair(limit: number): Promise<number> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at")
       SELECT DISTINCT e."bot_id", coalesce(e."conversation_id", 'event:' || e."id"), now() FROM "runtime"."events" e
       WHERE e."status" = 'pending' AND e."created_at" < now() - interval '2 seconds'
       AND NOT EXISTS (SELECT 1 FROM "runtime"."delivery_mailboxes" m WHERE m."bot_id" = e."bot_id" AND m."lane" = coalesce(e."conversation_id", 'event:' || e."id"))
       LIMIT $1
       ON CONFLICT DO NOTHING RETURNING 1`,
      [limit],
    )) as unknown[];
    return rows.length;
  }

  /** A statement of delivery's bookkeeping, committed as such (`BOOKKEEPING`); with `returning`, the rows its RETURNING gives. */
  private bookkeeping(statement: Statement, returning = false): Promise<Record<string, unknown>[]> {
    const { text, values } = oneStatement([statement], returning ? { text: 'SELECT * FROM w0', values: [] } : undefined, BOOKKEEPING);
    return queryRows(this.dataSource.manager, text, values);
  }
}
