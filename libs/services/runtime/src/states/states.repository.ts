import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { findByKey, queryEntity, runStatement, toEntity, upsertStatement } from '@platform/persistence';
import { StateEntity, StateKey } from './state.entity';

/** Writes of one state, inside the transaction that holds its lock. */
export class StateWriter {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Stores the state under its key, replacing whatever row is there. An upsert rather than an
   * update: the sweep may have deleted an expired row since it was read.
   */
  async save(state: StateEntity): Promise<void> {
    await runStatement(this.manager, upsertStatement(this.manager, StateEntity, [state], ['botId', 'type', 'ownerId', 'name']));
  }

  async remove(key: StateKey): Promise<void> {
    await this.manager.delete(StateEntity, { ...key });
  }
}

@Injectable()
export class StatesRepository {
  constructor(@InjectRepository(StateEntity) private readonly states: Repository<StateEntity>) {}

  /** The row under the key, expired or not. */
  find(key: StateKey): Promise<StateEntity | null> {
    return findByKey(this.states.manager, StateEntity, { ...key });
  }

  /**
   * Runs `work` on the row under the key while every other writer of that state waits (an
   * advisory lock on the key, held until the transaction ends). A row lock would not do: the
   * state may not exist yet, and two first writers must not both create it.
   */
  exclusively<T>(key: StateKey, work: (current: StateEntity | null, writer: StateWriter) => Promise<T>): Promise<T> {
    return this.states.manager.transaction(async (manager) => {
      await manager.query(`SELECT ${lockState('$1')}`, [lockName(key)]);
      const current = await findByKey(manager, StateEntity, { ...key });
      return work(current, new StateWriter(manager));
    });
  }

  /**
   * Stores `state`'s payload under its key in one statement. A live state there keeps its id and
   * creation time, and its expiry too when `keepExpiry` (its idle time starting again at
   * `state.updatedAt`); an expired or missing one is replaced by `state` as given. The statement
   * takes the key's advisory lock first, so it waits for any writer inside `exclusively` and then
   * works on the row that writer committed (an upsert reads the newest row, not its snapshot).
   */
  async replace(state: StateEntity, keepExpiry: boolean): Promise<StateEntity> {
    const values = [
      state.botId,
      state.type,
      state.ownerId,
      state.name,
      state.id,
      JSON.stringify(state.payload),
      state.expiry,
      state.expiresAt,
      state.updatedAt,
    ];
    // An upsert always answers its row.
    return (await queryEntity(this.states.manager, StateEntity, { text: REPLACE, values: [...values, lockName(state), keepExpiry] }))!;
  }

  /**
   * Deletes up to `limit` expired states, soonest expired first, within `manager`'s transaction,
   * and answers them. Rows locked by a writer are left for the next round.
   */
  async takeExpired(manager: EntityManager, limit: number): Promise<StateEntity[]> {
    const result: unknown = await manager.query(
      `DELETE FROM "runtime"."states" WHERE ctid IN (
         SELECT ctid FROM "runtime"."states" WHERE "expires_at" <= now() ORDER BY "expires_at" LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${STATE_COLUMNS}`,
      [limit],
    );
    const rows = result as unknown[];
    return ((Array.isArray(rows[0]) ? rows[0] : rows) as Record<string, unknown>[])
      .map((row) => toEntity(manager, StateEntity, row))
      .sort((a, b) => (a.expiresAt?.getTime() ?? 0) - (b.expiresAt?.getTime() ?? 0));
  }

  /** A scalar query: milliseconds from the database's now until the next state expires (0 or less: one has expired), null when none has an expiry. */
  untilNextExpiryQuery(): string {
    return `SELECT (extract(epoch FROM min("expires_at") - now()) * 1000)::float8 FROM "runtime"."states" WHERE "expires_at" IS NOT NULL`;
  }
}

/** Every column of a state, as `toEntity` reads them back. */
const STATE_COLUMNS = `"bot_id", "type", "owner_id", "name", "id", "payload", "expiry", "expires_at", "created_at", "updated_at"`;
/** Holds the state's advisory lock (named by the parameter `$n`) until the transaction ends. */
const lockState = (param: string) => `pg_advisory_xact_lock(hashtextextended(${param}, 0))`;
/** Whether the row already under the key (`s`) is live at the write's time ($9). */
const LIVE = `(s."expires_at" IS NULL OR s."expires_at" > $9)`;
const REPLACE = `INSERT INTO "runtime"."states" AS s (${STATE_COLUMNS})
  SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::jsonb, $7::bigint, $8::timestamptz, $9::timestamptz, $9::timestamptz
  FROM (SELECT ${lockState('$10')}) AS "lock"
  ON CONFLICT ("bot_id", "type", "owner_id", "name") DO UPDATE SET
    "payload" = EXCLUDED."payload",
    "id" = CASE WHEN ${LIVE} THEN s."id" ELSE EXCLUDED."id" END,
    "created_at" = CASE WHEN ${LIVE} THEN s."created_at" ELSE EXCLUDED."created_at" END,
    "expiry" = CASE WHEN $11::boolean AND ${LIVE} THEN s."expiry" ELSE EXCLUDED."expiry" END,
    "expires_at" = CASE WHEN $11::boolean AND ${LIVE} THEN $9::timestamptz + s."expiry" * interval '1 millisecond' ELSE EXCLUDED."expires_at" END,
    "updated_at" = EXCLUDED."updated_at"
  RETURNING ${STATE_COLUMNS}`;

/** One name per state: JSON keeps the parts apart whatever characters they hold. */
function lockName(key: StateKey): string {
  return JSON.stringify(['runtime.states', key.botId, key.type, key.ownerId, key.name]);
}
