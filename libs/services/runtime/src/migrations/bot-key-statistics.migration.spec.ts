import { DataSource } from 'typeorm';
import { executedPlan, suiteDatabase } from '@platform/persistence';
import { EventEntity } from '../events/event.entity';
import { BOT_KEYED_TABLES } from './1733480000000-bot-key-statistics';
import { RUNTIME_MIGRATIONS } from './index';

/** The runtime's tables keyed by bot keep no statistics of the bot id, so a new bot's rows are read by their key. */
describe('planner statistics of the tables keyed by bot (on Postgres)', () => {
  const database = suiteDatabase('bot_key_statistics', { schema: 'runtime', entities: [EventEntity], migrations: RUNTIME_MIGRATIONS });
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await database.open();
  });

  afterAll(() => database.close());

  async function addEvents(botId: string, count: number): Promise<void> {
    await dataSource.query(
      `INSERT INTO "runtime"."events" ("bot_id", "id", "type", "direction", "conversation_id", "payload", "status", "created_at")
       SELECT $1, 'evt_' || $1 || '_' || g, 'message_created', 'incoming', 'conv_' || (g % 50), '{}', 'pending', now() FROM generate_series(1, $2::int) g`,
      [botId, count],
    );
  }

  it('marks an event of a bot newer than the last analysis delivered by its key, not by reading all the bot’s events', async () => {
    await addEvents('bot_known', 5000);
    await dataSource.query('ANALYZE "runtime"."events"');
    await addEvents('bot_new', 5000);
    const nodes = await executedPlan(dataSource, {
      text: `UPDATE "runtime"."events" SET "status" = 'processed', "processed_at" = now() WHERE "bot_id" = $1 AND "id" = $2`,
      values: ['bot_new', 'evt_bot_new_7'],
    });
    const [scan] = nodes.filter((n) => n['Relation Name'] === 'events' && n['Node Type'] !== 'ModifyTable');
    expect(scan['Index Name']).toBe('events_pkey');
    expect(scan['Rows Removed by Filter'] ?? 0).toBe(0);
  });

  it('takes no statistics of the bot id in any of them', async () => {
    const kept = (await dataSource.query(
      `SELECT c."relname" AS "table", a."attstattarget" AS "target"
         FROM pg_attribute a JOIN pg_class c ON c."oid" = a."attrelid" JOIN pg_namespace n ON n."oid" = c."relnamespace"
        WHERE n."nspname" = 'runtime' AND c."relname" = ANY($1) AND a."attname" = 'bot_id'`,
      [BOT_KEYED_TABLES],
    )) as Array<{ table: string; target: number }>;
    expect(kept).toHaveLength(BOT_KEYED_TABLES.length);
    expect(kept.filter((k) => k.target !== 0)).toEqual([]);
  });
});
