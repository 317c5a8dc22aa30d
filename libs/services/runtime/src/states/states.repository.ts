import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { StateEntity, StateKey } from './state.entity';

/** Writes of one state, inside the transaction that holds its lock. */
export class StateWriter {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Stores the state under its key, replacing whatever row is there. An upsert rather than an
   * update: the sweep may have deleted an expired row since it was read.
   */
  async save(state: StateEntity): Promise<void> {
    await this.manager.upsert(StateEntity, state as never, { conflictPaths: ['botId', 'type', 'ownerId', 'name'] });
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
    return this.states.findOne({ where: { ...key } });
  }

  /**
   * Runs `work` on the row under the key while every other writer of that state waits (an
   * advisory lock on the key, held until the transaction ends). A row lock would not do: the
   * state may not exist yet, and two first writers must not both create it.
   */
  exclusively<T>(key: StateKey, work: (current: StateEntity | null, writer: StateWriter) => Promise<T>): Promise<T> {
    return this.states.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockName(key)]);
      const current = await manager.findOne(StateEntity, { where: { ...key } });
      return work(current, new StateWriter(manager));
    });
  }

  /** Deletes up to `limit` states expired before `now`; returns how many. */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    const rows: unknown[] = await this.states.query(
      `DELETE FROM "runtime"."states" WHERE ctid IN (
         SELECT ctid FROM "runtime"."states" WHERE "expires_at" <= $1 LIMIT $2)
       RETURNING 1`,
      [now, limit],
    );
    return rows.length;
  }
}

/** One name per state: JSON keeps the parts apart whatever characters they hold. */
function lockName(key: StateKey): string {
  return JSON.stringify(['runtime.states', key.botId, key.type, key.ownerId, key.name]);
}
