import { DataSource } from 'typeorm';
import { SecretBox } from '@platform/auth';
import { suiteDatabase } from '@platform/persistence';
import { ADMIN_MIGRATIONS } from '../migrations';
import { DeploymentKeysRepository } from './deployment-keys.repository';

/** The keys of bots' deployments on Postgres itself. */
describe('DeploymentKeysRepository.ensure (on Postgres)', () => {
  const database = suiteDatabase('deployment_keys', { schema: 'admin', migrations: ADMIN_MIGRATIONS });
  let dataSource: DataSource;
  let keys: DeploymentKeysRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    keys = new DeploymentKeysRepository(dataSource, SecretBox.fromSecret('test'));
  });

  afterAll(() => database.close());

  it('answers no key, and stores none, for a bot that is gone (deleted while the bots service was taking it up)', async () => {
    await expect(keys.ensure('bot_gone', new Date('2026-01-01T00:00:00.000Z'))).resolves.toBeUndefined();
    expect(await dataSource.query(`SELECT 1 FROM "admin"."bot_api_keys" WHERE "bot_id" = 'bot_gone'`)).toEqual([]);
  });
});
