import { randomBytes } from 'node:crypto';
import { ResourceNotFoundError } from '@botpress/client';
import { createChatBot, expectClientError, sleep, sql } from '@platform/testing';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each runtime replica sweeps every 10 s: an event past the retention is gone within two sweeps. */
const SWEPT_WITHIN_MS = 25_000;

/**
 * An event that ended is kept EVENT_RETENTION_DAYS days (30 here, the default); pending and
 * scheduled ones are kept until delivered, and analytics count the deleted ones still. Events
 * that old cannot be made through the API, which stamps them now: they are seeded in the
 * database, then read only through the official clients.
 */
describe('event retention (getEvent, listEvents, getBotAnalytics)', () => {
  it('deletes the events that ended before the retention, keeps the others, and analytics count them all still', async () => {
    const bot = await createChatBot({}, 'event retention');
    const seeded = async (ageDays: number, status: string, type: string) => {
      const id = `evt_${randomBytes(12).toString('hex')}`;
      await sql(
        `INSERT INTO "runtime"."events" ("bot_id", "id", "type", "direction", "payload", "status", "created_at") VALUES ($1, $2, $3, 'incoming', '{}', $4, $5)`,
        [bot.botId, id, type, status, new Date(Date.now() - ageDays * DAY_MS)],
      );
      return id;
    };
    const processedLongAgo = await seeded(45, 'processed', 'reminder');
    const failedLongAgo = await seeded(31, 'failed', 'reminder');
    const scheduledLongAgo = await seeded(40, 'scheduled', 'reminder');
    const processedLately = await seeded(29, 'processed', 'follow_up');
    const { event: now } = await bot.runtime.createEvent({ type: 'follow_up', payload: {} });

    const period = { id: bot.botId, startDate: new Date(Date.now() - 60 * DAY_MS).toISOString(), endDate: new Date(Date.now() + 60_000).toISOString() };
    const eventTypes = async () => {
      const { records } = await bot.admin.getBotAnalytics(period);
      const types: Record<string, number> = {};
      for (const record of records) for (const [type, n] of Object.entries(record.eventTypes)) types[type] = (types[type] ?? 0) + n;
      return types;
    };
    const counted = await eventTypes();
    expect(counted).toEqual({ reminder: 3, follow_up: 2 });

    const deadline = Date.now() + SWEPT_WITHIN_MS;
    const listed = async () => (await bot.runtime.listEvents({})).events.map((e) => e.id).sort();
    const kept = [scheduledLongAgo, processedLately, now.id].sort();
    while ((await listed()).length > kept.length && Date.now() < deadline) await sleep(500);

    expect(await listed()).toEqual(kept);
    for (const id of [processedLongAgo, failedLongAgo]) {
      await expectClientError(bot.runtime.getEvent({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
    expect((await bot.runtime.getEvent({ id: scheduledLongAgo })).event.status).toBe('scheduled');
    expect(await eventTypes()).toEqual(counted);
  }, 40_000);
});
