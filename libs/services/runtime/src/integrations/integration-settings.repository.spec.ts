import { DataSource } from 'typeorm';
import { suiteDatabase } from '@platform/persistence';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { IntegrationSettingsEntity } from './integration-settings.entity';
import { IntegrationSettingsRepository } from './integration-settings.repository';

/** configureIntegration's write on Postgres itself: what it stores, and when it writes nothing. */
describe('IntegrationSettingsRepository.configure (on Postgres)', () => {
  const database = suiteDatabase('integration_settings', { schema: 'runtime', entities: [IntegrationSettingsEntity], migrations: RUNTIME_MIGRATIONS });
  const bot = 'bot_settings';
  let dataSource: DataSource;
  let settings: IntegrationSettingsRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    settings = new IntegrationSettingsRepository(dataSource.getRepository(IntegrationSettingsEntity));
  });

  afterAll(() => database.close());

  /** The instance's row with its version (`xmin`, the transaction that last wrote it). */
  const stored = async (alias: string) => {
    const [row] = (await dataSource.query(
      `SELECT "identifier", "schedule_register_call" AS "schedule", "sandbox_identifiers" AS "sandbox", xmin::text AS "version"
         FROM "runtime"."integration_settings" WHERE "bot_id" = $1 AND "alias" = $2`,
      [bot, alias],
    )) as Array<{ identifier: string | null; schedule: string | null; sandbox: unknown; version: string }>;
    return row;
  };

  it('creates the settings, then changes only the fields given', async () => {
    await settings.configure(bot, 'first', { identifier: 'acme', scheduleRegisterCall: 'daily' });
    expect(await stored('first')).toMatchObject({ identifier: 'acme', schedule: 'daily', sandbox: null });
    await settings.configure(bot, 'first', { scheduleRegisterCall: 'weekly', sandboxIdentifiers: {} });
    expect(await stored('first')).toMatchObject({ identifier: 'acme', schedule: 'weekly', sandbox: {} });
    await settings.configure(bot, 'first', { identifier: null });
    expect(await stored('first')).toMatchObject({ identifier: null, schedule: 'weekly', sandbox: {} });
  });

  it('writes nothing when the settings already hold what is asked, nor for a call that gives no field', async () => {
    await settings.configure(bot, 'same', { identifier: 'acme', scheduleRegisterCall: 'daily', sandboxIdentifiers: {} });
    const before = await stored('same');
    await settings.configure(bot, 'same', { identifier: 'acme', scheduleRegisterCall: 'daily', sandboxIdentifiers: {} });
    await settings.configure(bot, 'same', { identifier: 'acme' });
    await settings.configure(bot, 'same', {});
    expect(await stored('same')).toEqual(before);
    // One field that differs is written, with the others as they were.
    await settings.configure(bot, 'same', { identifier: 'acme', scheduleRegisterCall: 'monthly' });
    const after = await stored('same');
    expect(after.version).not.toBe(before.version);
    expect(after).toMatchObject({ identifier: 'acme', schedule: 'monthly', sandbox: {} });
  });

  it('tells a cleared field from one that holds a value, and creates the settings of a call that gives no field', async () => {
    await settings.configure(bot, 'cleared', { identifier: 'acme' });
    await settings.configure(bot, 'cleared', { identifier: null });
    expect(await stored('cleared')).toMatchObject({ identifier: null });
    await settings.configure(bot, 'empty', {});
    expect(await stored('empty')).toMatchObject({ identifier: null, schedule: null, sandbox: null });
  });
});
