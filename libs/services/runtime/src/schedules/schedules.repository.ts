import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/** What is fired when due: an event already recorded as `scheduled`, or a message to create. */
export type ScheduleKind = 'event' | 'message' | 'workflow_timeout' | 'task_timeout';

/** A scheduled message: what createMessage was asked, checked when it was scheduled. */
export interface ScheduledMessageBody {
  conversationId: string;
  userId: string;
  type: string;
  payload: Record<string, unknown>;
  tags: Record<string, string>;
}

export interface DueItem {
  botId: string;
  id: string;
  kind: ScheduleKind;
  dueAt: Date;
  body: Record<string, unknown>;
}

/** How long until what is scheduled: milliseconds, 0 or less when due, null when nothing waits. */
export interface Upcoming {
  itemInMs: number | null;
  otherInMs: number | null;
}

interface DueRow {
  bot_id: string;
  id: string;
  kind: ScheduleKind;
  due_at: Date;
  seq: string;
  body: Record<string, unknown>;
}

/**
 * The scheduler's queue: one row per message or event to send later. A row is taken by the
 * transaction that fires it (locked, skipped by every other replica) and deleted by it, so an
 * item fires once its effect commits, and again only if that transaction never committed.
 */
@Injectable()
export class SchedulesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: BusClient,
  ) {}

  /** Queues an item; once committed, every replica's scheduler is told to look again. */
  async insert(item: DueItem, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`INSERT INTO "runtime"."schedules" ("bot_id", "id", "kind", "due_at", "body", "created_at") VALUES ($1, $2, $3, $4, $5, now())`, [
      item.botId,
      item.id,
      item.kind,
      item.dueAt,
      JSON.stringify(item.body),
    ]);
    // Inside a request's transaction, the notice is held until the commit.
    await this.bus.publish(Subjects.schedules.wake, {}).catch(() => undefined);
  }

  /** Takes a scheduled event off the queue; answers whether it was there. */
  async remove(botId: string, id: string, kind: ScheduleKind, manager: EntityManager): Promise<boolean> {
    const result: unknown = await manager.query(`DELETE FROM "runtime"."schedules" WHERE "bot_id" = $1 AND "id" = $2 AND "kind" = $3 RETURNING 1`, [
      botId,
      id,
      kind,
    ]);
    return returned(result).length > 0;
  }

  /**
   * Whether this transaction is the one firing: one replica at a time fires, so what is due fires
   * in due order whichever replicas run; another replica's turn comes when this transaction ends
   * (or its connection dies). Answers false at once when another replica holds the turn.
   */
  async takeTurn(manager: EntityManager): Promise<boolean> {
    const [row] = (await manager.query(`SELECT pg_try_advisory_xact_lock(hashtextextended('runtime.schedules', 0)) AS "locked"`)) as Array<{ locked: boolean }>;
    return row?.locked === true;
  }

  /**
   * Takes up to `limit` due items, in due order, off the queue within `manager`'s transaction:
   * they stay locked (and invisible to other replicas) until it ends, and are back if it fails.
   */
  async takeDue(manager: EntityManager, limit: number): Promise<DueItem[]> {
    const result: unknown = await manager.query(
      `DELETE FROM "runtime"."schedules" WHERE ("bot_id", "id") IN (
         SELECT "bot_id", "id" FROM "runtime"."schedules" WHERE "due_at" <= now() ORDER BY "due_at", "seq" LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING "bot_id", "id", "kind", "due_at", "seq", "body"`,
      [limit],
    );
    return returned<DueRow>(result)
      .sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || Number(a.seq) - Number(b.seq))
      .map((r) => ({ botId: r.bot_id, id: r.id, kind: r.kind, dueAt: r.due_at, body: r.body }));
  }

  /**
   * Milliseconds until the next item is due and until the time `alongside` answers (a scalar
   * query of the same kind, such as the next state expiry), each null when nothing waits, and 0
   * or less when due: in one read, by the database's clock, which is the one `takeDue` fires by.
   */
  async upcoming(alongside: string): Promise<Upcoming> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT (extract(epoch FROM min("due_at") - now()) * 1000)::float8 FROM "runtime"."schedules") AS "item", (${alongside}) AS "other"`,
    )) as Array<{ item: number | null; other: number | null }>;
    return { itemInMs: row.item, otherInMs: row.other };
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

/** The rows a statement returned: Postgres answers `[rows, count]` for a DELETE or UPDATE, rows for a SELECT. */
function returned<T = unknown>(result: unknown): T[] {
  const rows = result as unknown[];
  return (Array.isArray(rows[0]) ? rows[0] : rows) as T[];
}
