import { randomBytes } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '@platform/persistence';
import { AccountUuids1733400000000 } from './1733400000000-account-uuids';
import { ADMIN_MIGRATIONS } from './index';

const UUIDS = ADMIN_MIGRATIONS.indexOf(AccountUuids1733400000000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The migration giving accounts UUIDs, run on accounts made before it: each gets a UUID and
 * everything naming it follows (tokens, owned workspaces, memberships, audit records, bots'
 * creators), and later id changes cascade.
 */
describe('the account UUIDs migration', () => {
  const database = `bp_unit_accounts_${randomBytes(4).toString('hex')}`;
  let source: DataSource;
  let q: QueryRunner;

  const rows = async (sql: string) => (await q.query(sql)) as Record<string, any>[];

  beforeAll(async () => {
    source = new DataSource({ type: 'postgres', url: await createTestDatabase(database) });
    await source.initialize();
    q = source.createQueryRunner();
    await q.query(`CREATE SCHEMA "admin"`);
    for (const Migration of ADMIN_MIGRATIONS.slice(0, UUIDS)) await new Migration().up(q);

    const now = `'2026-11-20T00:00:00Z'`;
    await q.query(`INSERT INTO admin.accounts (id, email, created_at, updated_at) VALUES
      ('acc_OLD1', 'one@example.com', ${now}, ${now}), ('acc_OLD2', 'two@example.com', ${now}, ${now})`);
    await q.query(`INSERT INTO admin.access_tokens (id, account_id, token_hash, note, created_at) VALUES ('pat_1', 'acc_OLD1', 'h1', 'first', ${now})`);
    await q.query(`INSERT INTO admin.workspaces (id, name, owner_id, created_at, updated_at) VALUES ('wkspace_1', 'W', 'acc_OLD1', ${now}, ${now})`);
    await q.query(`INSERT INTO admin.workspace_members (workspace_id, account_id, role, created_at) VALUES
      ('wkspace_1', 'acc_OLD1', 'owner', ${now}), ('wkspace_1', 'acc_OLD2', 'viewer', ${now})`);
    await q.query(`INSERT INTO admin.audit_records (id, workspace_id, recorded_at, account_id, account_email, action, operation) VALUES
      ('audit_1', 'wkspace_1', ${now}, 'acc_OLD2', 'two@example.com', 'CREATE_BOT', 'createBot')`);
    await q.query(`INSERT INTO admin.bots (id, workspace_id, name, dev, tags, definition, signing_secret_hash, created_by, created_at, updated_at)
      VALUES ('bot_1', 'wkspace_1', 'B', false, '{}', '{}', 'x', 'acc_OLD2', ${now}, ${now})`);

    await new AccountUuids1733400000000().up(q);
  });

  afterAll(async () => {
    await q?.release();
    await source?.destroy();
    await dropTestDatabase(database);
  });

  it('gives every account a UUID, and everything naming it follows', async () => {
    const accounts = await rows(`SELECT id, email FROM admin.accounts ORDER BY email`);
    expect(accounts.map((a) => a.id)).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    const [one, two] = accounts.map((a) => a.id as string);
    expect(one).not.toBe(two);
    expect(await rows(`SELECT account_id FROM admin.access_tokens`)).toEqual([{ account_id: one }]);
    expect(await rows(`SELECT owner_id FROM admin.workspaces`)).toEqual([{ owner_id: one }]);
    expect(await rows(`SELECT account_id, role FROM admin.workspace_members ORDER BY role`)).toEqual([
      { account_id: one, role: 'owner' },
      { account_id: two, role: 'viewer' },
    ]);
    expect(await rows(`SELECT account_id FROM admin.audit_records`)).toEqual([{ account_id: two }]);
    expect(await rows(`SELECT created_by FROM admin.bots`)).toEqual([{ created_by: two }]);
  });

  it('leaves accounts that already have a UUID as they are, when run again', async () => {
    const before = await rows(`SELECT id FROM admin.accounts ORDER BY id`);
    await new AccountUuids1733400000000().up(q);
    expect(await rows(`SELECT id FROM admin.accounts ORDER BY id`)).toEqual(before);
  });
});
