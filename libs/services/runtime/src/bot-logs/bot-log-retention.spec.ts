import { DataSource } from 'typeorm';
import { PlatformConfig } from '@platform/config';
import { suiteDatabase } from '@platform/persistence';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { BotLogEntity } from './bot-log.entity';
import { BotLogRetention } from './bot-log-retention';
import { BotLogsRepository } from './bot-logs.repository';

/** The retention of bot log lines on Postgres itself: what is past it goes, oldest first and in bounded batches; nothing else does. */
describe('bot log retention (on Postgres)', () => {
  const database = suiteDatabase('bot_log_retention', { schema: 'runtime', entities: [BotLogEntity], migrations: RUNTIME_MIGRATIONS });
  let dataSource: DataSource;
  let logs: BotLogsRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    logs = new BotLogsRepository(dataSource.getRepository(BotLogEntity));
  });

  afterAll(() => database.close());

  beforeEach(() => dataSource.query(`DELETE FROM "runtime"."bot_logs"`));

  /** `count` lines of the bot, each `ageDays` old (by the database's clock), with messages `<prefix> <n>`. */
  const add = (botId: string, ageDays: number, count: number, prefix = `${ageDays} days`) =>
    dataSource.query(
      `INSERT INTO "runtime"."bot_logs" ("bot_id", "id", "timestamp", "level", "message")
       SELECT $1, 'log_' || md5(random()::text), now() - make_interval(days => $2) + n * interval '1 ms', 'info', $3 || ' ' || n
       FROM generate_series(1, $4) n`,
      [botId, ageDays, prefix, count],
    );
  const left = async () =>
    ((await dataSource.query(`SELECT "bot_id", "message" FROM "runtime"."bot_logs" ORDER BY "timestamp"`)) as Array<{ bot_id: string; message: string }>).map(
      (r) => `${r.bot_id}: ${r.message}`,
    );
  const retention = (days: number) => new BotLogRetention(logs, { botLogRetentionDays: days } as PlatformConfig);

  it('deletes the lines older than the retention, oldest first, of every bot, at most as many as asked', async () => {
    await add('bot_a', 40, 1);
    await add('bot_b', 31, 1);
    await add('bot_a', 29, 1);
    await add('bot_b', 0, 1);

    expect(await logs.deleteOlderThan(30, 1)).toBe(1);
    expect(await left()).toEqual(['bot_b: 31 days 1', 'bot_a: 29 days 1', 'bot_b: 0 days 1']);
    expect(await logs.deleteOlderThan(30, 10)).toBe(1);
    expect(await logs.deleteOlderThan(30, 10)).toBe(0);
    expect(await left()).toEqual(['bot_a: 29 days 1', 'bot_b: 0 days 1']);
  });

  it('works off a backlog larger than a batch in one sweep, and keeps every line within the retention', async () => {
    await add('bot_a', 400, 7000);
    await add('bot_b', 35, 5000);
    await add('bot_b', 7, 3);
    expect(await retention(30).sweep()).toBe(12000);
    expect(await left()).toEqual(['bot_b: 7 days 1', 'bot_b: 7 days 2', 'bot_b: 7 days 3']);
    // A shorter retention reaches further.
    expect(await retention(5).sweep()).toBe(3);
    expect(await left()).toEqual([]);
  });

  it('lets sweeps of several replicas run at once: each line is deleted once and none is left', async () => {
    await add('bot_a', 60, 6000);
    await add('bot_a', 1, 2);
    const together = await Promise.all([logs.deleteOlderThan(30, 5000), logs.deleteOlderThan(30, 5000)]);
    const after = await logs.deleteOlderThan(30, 5000);
    expect(together[0] + together[1] + after).toBe(6000);
    expect(await left()).toEqual(['bot_a: 1 days 1', 'bot_a: 1 days 2']);
  });
});
