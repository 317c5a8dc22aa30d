import { DataSource } from 'typeorm';
import { suiteDatabase } from '@platform/persistence';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { StateEntity } from '../states/state.entity';
import { StatesRepository } from '../states/states.repository';
import { SchedulesRepository } from './schedules.repository';

/** The scheduler's look at what is due, on Postgres itself: times by the database's clock, in one read. */
describe('SchedulesRepository.upcoming (on Postgres)', () => {
  const database = suiteDatabase('schedules', { schema: 'runtime', entities: [StateEntity], migrations: RUNTIME_MIGRATIONS });
  let dataSource: DataSource;
  let schedules: SchedulesRepository;
  let states: StatesRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    // Nothing is published by a look.
    schedules = new SchedulesRepository(dataSource, {} as never);
    states = new StatesRepository(dataSource.getRepository(StateEntity));
  });

  afterAll(() => database.close());

  beforeEach(async () => {
    await dataSource.query(`DELETE FROM "runtime"."schedules"`);
    await dataSource.query(`DELETE FROM "runtime"."states"`);
  });

  const look = () => schedules.upcoming(states.untilNextExpiryQuery());

  /** An item due `offset` from the database's now (an interval, e.g. '2 seconds'). */
  async function schedule(id: string, offset: string): Promise<void> {
    await dataSource.query(
      `INSERT INTO "runtime"."schedules" ("bot_id", "id", "kind", "due_at", "body", "created_at") VALUES ('bot', $1, 'event', now() + $2::interval, '{}', now())`,
      [id, offset],
    );
  }

  /** A bot state expiring `offset` from the database's now, or never (null). */
  async function state(name: string, offset: string | null): Promise<void> {
    await dataSource.query(
      `INSERT INTO "runtime"."states" ("bot_id", "type", "owner_id", "name", "id", "payload", "expires_at", "created_at", "updated_at")
       VALUES ('bot', 'bot', 'bot', $1, $1, '{}', now() + $2::interval, now(), now())`,
      [name, offset],
    );
  }

  it('answers null for each when nothing waits (a state without expiry does not count)', async () => {
    await state('forever', null);
    expect(await look()).toEqual({ itemInMs: null, otherInMs: null });
  });

  it('answers the milliseconds until the earliest item and the earliest expiry', async () => {
    await schedule('evt_later', '1 hour');
    await schedule('evt_soon', '2 seconds');
    await state('soon', '5 seconds');
    await state('later', '1 day');
    const { itemInMs, otherInMs } = await look();
    expect(itemInMs).toBeGreaterThan(1_000);
    expect(itemInMs).toBeLessThanOrEqual(2_000);
    expect(otherInMs).toBeGreaterThan(4_000);
    expect(otherInMs).toBeLessThanOrEqual(5_000);
  });

  it('answers 0 or less for what is due', async () => {
    await schedule('evt_due', '-1 second');
    await state('expired', '-10 milliseconds');
    const { itemInMs, otherInMs } = await look();
    expect(itemInMs).toBeLessThanOrEqual(-1_000);
    expect(otherInMs).toBeLessThanOrEqual(-10);
  });
});
