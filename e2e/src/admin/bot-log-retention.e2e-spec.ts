import { randomBytes } from 'node:crypto';
import { allBotLogLines, client, defaultWorkspaceId, sleep, sql } from '@platform/testing';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each runtime replica sweeps every 10 s: a line past the retention is gone within two sweeps. */
const SWEPT_WITHIN_MS = 25_000;

/**
 * getBotLogs keeps a bot's lines for BOT_LOG_RETENTION_DAYS days (30 here, the default). Lines
 * that old cannot be written through the API, whose lines are stamped now: they are seeded in
 * the database, then read back only through getBotLogs.
 */
describe('bot log retention (getBotLogs)', () => {
  it('deletes the lines older than the retention and keeps the others', async () => {
    const admin = client({ workspaceId: await defaultWorkspaceId() });
    const { bot } = await admin.createBot({ name: 'log retention' });
    const line = (ageDays: number, level: string, message: string) => [
      bot.id,
      `log_${randomBytes(8).toString('hex')}`,
      new Date(Date.now() - ageDays * DAY_MS),
      level,
      message,
    ];
    for (const values of [
      line(45, 'error', 'past the retention, long ago'),
      line(31, 'info', 'past the retention by a day'),
      line(29, 'warn', 'within the retention by a day'),
      line(0, 'info', 'just now'),
    ]) {
      await sql(`INSERT INTO "runtime"."bot_logs" ("bot_id", "id", "timestamp", "level", "message") VALUES ($1, $2, $3, $4, $5)`, values);
    }

    const query = { id: bot.id, timeStart: new Date(Date.now() - 60 * DAY_MS).toISOString() };
    const deadline = Date.now() + SWEPT_WITHIN_MS;
    let lines = await allBotLogLines(admin, query);
    while (lines.length > 2 && Date.now() < deadline) {
      await sleep(500);
      lines = await allBotLogLines(admin, query);
    }
    expect(lines).toEqual(['warn within the retention by a day', 'info just now']);
  }, 40_000);
});
