import { DataSource } from 'typeorm';
import { PlatformConfig } from '@platform/config';
import { suiteDatabase } from '@platform/persistence';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { EventRetention } from './event-retention';
import { ExpiredEventsRepository } from './expired-events.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention of events on Postgres itself: what ended before it goes, counted for analytics first; nothing else does. */
describe('event retention (on Postgres)', () => {
  const database = suiteDatabase('event_retention', { schema: 'runtime', migrations: RUNTIME_MIGRATIONS });
  let dataSource: DataSource;
  let expired: ExpiredEventsRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    expired = new ExpiredEventsRepository(dataSource);
  });

  afterAll(() => database.close());

  beforeEach(() => dataSource.query(`DELETE FROM "runtime"."events"; DELETE FROM "runtime"."event_counts"`));

  /** `count` events of the bot, `ageDays` old (by the database's clock, a millisecond apart), of the status and type given. */
  const add = (botId: string, ageDays: number, count: number, status = 'processed', type = 'message_created') =>
    dataSource.query(
      `INSERT INTO "runtime"."events" ("bot_id", "id", "type", "direction", "payload", "status", "created_at")
       SELECT $1, 'evt_' || md5(random()::text), $2, 'incoming', '{}', $3, now() - make_interval(days => $4) + n * interval '1 ms'
       FROM generate_series(1, $5) n`,
      [botId, type, status, ageDays, count],
    );
  const left = async () =>
    (
      (await dataSource.query(`SELECT "bot_id", "status", count(*)::int AS "n" FROM "runtime"."events" GROUP BY 1, 2 ORDER BY 1, 2`)) as Array<{
        bot_id: string;
        status: string;
        n: number;
      }>
    ).map((r) => `${r.bot_id} ${r.status}: ${r.n}`);
  const retention = (days: number) => new EventRetention(expired, { eventRetentionDays: days } as PlatformConfig);
  /** What getBotAnalytics counts of the bot's events over the last 60 days, to the whole hour. */
  const eventsByDay = async (botId: string) => {
    const hour = 60 * 60 * 1000;
    const end = new Date(Math.ceil(Date.now() / hour) * hour - 1);
    const days = await new AnalyticsRepository(dataSource).activity(botId, new Date(end.getTime() + 1 - 60 * DAY_MS), end);
    return days.filter((d) => d.events > 0).map((d) => ({ day: d.day, events: d.events, eventTypes: d.eventTypes }));
  };

  it("deletes the first bot's events that ended before the retention, at most as many as asked, and counts them for analytics", async () => {
    await add('bot_a', 40, 2);
    await add('bot_a', 40, 1, 'failed', 'custom');
    await add('bot_a', 40, 1, 'ignored');
    await add('bot_a', 40, 1, 'canceled');
    await add('bot_a', 40, 1, 'pending');
    await add('bot_a', 40, 1, 'scheduled');
    await add('bot_a', 29, 1);
    await add('bot_b', 40, 1);
    const before = await eventsByDay('bot_a');

    expect(await expired.purge('', 30, 3)).toEqual({ botId: 'bot_a', deleted: 3 });
    expect(await expired.purge('', 30, 10)).toEqual({ botId: 'bot_a', deleted: 2 });
    expect(await expired.purge('', 30, 10)).toEqual({ botId: 'bot_a', deleted: 0 });
    // Never a pending or a scheduled event, never one within the retention, never another bot's.
    expect(await left()).toEqual(['bot_a pending: 1', 'bot_a processed: 1', 'bot_a scheduled: 1', 'bot_b processed: 1']);
    expect(await eventsByDay('bot_a')).toEqual(before);
    expect(before.reduce((sum, d) => sum + d.events, 0)).toBe(8);

    expect(await expired.purge('bot_a', 30, 10)).toEqual({ botId: 'bot_b', deleted: 1 });
    expect(await expired.purge('bot_b', 30, 10)).toEqual({ botId: null, deleted: 0 });
  });

  it('works off a backlog over many bots and larger than a batch in one sweep, and goes on from the bot it reached', async () => {
    await add('bot_a', 400, 7000);
    await add('bot_b', 35, 5000);
    await add('bot_b', 7, 3);
    await add('bot_c', 31, 2, 'failed');
    const before = await Promise.all(['bot_b', 'bot_c'].map(eventsByDay));

    const sweeping = retention(30);
    expect(await sweeping.sweep()).toBe(12002);
    expect(await left()).toEqual(['bot_b processed: 3']);
    expect(await Promise.all(['bot_b', 'bot_c'].map(eventsByDay))).toEqual(before);
    // Counted once by the hour, however many batches it took.
    const [counted] = (await dataSource.query(`SELECT sum("count")::int AS "n" FROM "runtime"."event_counts"`)) as Array<{ n: number }>;
    expect(counted.n).toBe(12002);
    // The next sweep starts a new round, and a shorter retention reaches further.
    expect(await retention(5).sweep()).toBe(3);
    expect(await left()).toEqual([]);
  });

  it('lets sweeps of several replicas run at once: each event is deleted and counted once', async () => {
    await add('bot_a', 60, 6000);
    await add('bot_a', 1, 2);
    const together = await Promise.all([expired.purge('', 30, 5000), expired.purge('', 30, 5000)]);
    const after = await expired.purge('', 30, 5000);
    expect(together[0].deleted + together[1].deleted + after.deleted).toBe(6000);
    expect(await left()).toEqual(['bot_a processed: 2']);
    const [counted] = (await dataSource.query(`SELECT sum("count")::int AS "n" FROM "runtime"."event_counts"`)) as Array<{ n: number }>;
    expect(counted.n).toBe(6000);
  });
});
