import { AlreadyExistsError, Client, ForbiddenError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, client, e2e, expectClientError, ISO_MS, newMember, raw, secondAccount } from '@platform/testing';
import { invalidPayload, notFound, PEOPLE_SCHEMA, tableName, tablesBot } from './support';

describe('tables (/v1/tables)', () => {
  let botId: string;
  let tables: Client;

  beforeAll(async () => {
    ({ botId, tables } = await tablesBot());
  });

  describe('createTable, getTable, listTables', () => {
    it('creates a table with typed columns and answers it in the reference shape', async () => {
      const name = tableName();
      const { table } = await tables.createTable({ name, schema: PEOPLE_SCHEMA, tags: { team: 'sales' } });
      expect(table).toEqual({
        id: expect.stringMatching(/^table_/),
        name,
        factor: 1,
        frozen: false,
        schema: {
          type: 'object',
          additionalProperties: true,
          required: ['name'],
          properties: {
            name: { type: 'string', nullable: true, 'x-zui': { searchable: true, index: 0 } },
            age: { type: 'number', nullable: true, 'x-zui': { index: 1 } },
            active: { type: 'boolean', nullable: true, 'x-zui': { index: 2 } },
            born: { type: 'string', format: 'date-time', nullable: true, 'x-zui': { index: 3 } },
            address: { type: 'object', properties: { city: { type: 'string' } }, nullable: true, 'x-zui': { index: 4 } },
          },
        },
        tags: { team: 'sales' },
        isComputeEnabled: false,
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: expect.stringMatching(ISO_MS),
      });
      expect(await tables.getTable({ table: name })).toEqual({ table, rows: 0, stale: 0, indexing: 0 });
      expect(await tables.getTable({ table: table.id })).toEqual({ table, rows: 0, stale: 0, indexing: 0 });
    });

    it('accepts a plain map of columns as the schema', async () => {
      const { table } = await tables.createTable({ name: tableName(), schema: { title: { type: 'string' } } });
      expect(Object.keys(table.schema.properties)).toEqual(['title']);
    });

    it('lists the tables of the bot, filtered by tags', async () => {
      const a = (await tables.createTable({ name: tableName('a'), schema: {}, tags: { kind: 'x' } })).table;
      const b = (await tables.createTable({ name: tableName('b'), schema: {}, tags: { kind: 'y' } })).table;
      const all = await tables.listTables({});
      expect(all.tables.map((t) => t.id)).toEqual(expect.arrayContaining([a.id, b.id]));
      const onlyX = await tables.listTables({ tags: { kind: 'x' } });
      expect(onlyX.tables.map((t) => t.id)).toEqual([a.id]);
    });

    it('refuses a taken name with 409', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: {} });
      await expectClientError(tables.createTable({ name, schema: {} }), AlreadyExistsError, 409, 'AlreadyExists');
    });

    it.each([
      ['a name not ending in Table', { name: 'people', schema: {} }],
      ['a name starting with a digit', { name: '1peopleTable', schema: {} }],
      ['a name longer than 30 characters', { name: `${'x'.repeat(26)}Table`, schema: {} }],
      ['an unknown column type', { name: tableName(), schema: { properties: { a: { type: 'date' } } } }],
      ['a reserved column name', { name: tableName(), schema: { properties: { id: { type: 'string' } } } }],
      ['a column name with a dash', { name: tableName(), schema: { properties: { 'a-b': { type: 'string' } } } }],
      [
        'more than 20 columns',
        { name: tableName(), schema: { properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`c${i}`, { type: 'string' }])) } },
      ],
      ['a computed column', { name: tableName(), schema: { properties: { a: { type: 'string', 'x-zui': { computed: { action: 'ai' } } } } } }],
      ['isComputeEnabled', { name: tableName(), schema: {}, isComputeEnabled: true }],
      ['a factor above 30', { name: tableName(), schema: {}, factor: 31 }],
      ['a key column that is not a column', { name: tableName(), schema: {}, keyColumn: 'nope' }],
      ['a required column that is not a column', { name: tableName(), schema: { properties: {}, required: ['x'] } }],
    ])('refuses %s with 400, creating nothing', async (_, body) => {
      const before = (await tables.listTables({})).tables.length;
      const error = await invalidPayload(tables.createTable(body as never));
      if (_ === 'a computed column' || _ === 'isComputeEnabled') expect(error.message).toMatch(/not available on this platform/);
      expect((await tables.listTables({})).tables.length).toBe(before);
    });

    it('refuses unknown body properties', async () => {
      const res = await raw('POST', '/v1/tables', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' },
        body: JSON.stringify({ name: tableName(), schema: {}, color: 'red' }),
      });
      expect(res.status).toBe(400);
    });
  });

  describe('getOrCreateTable', () => {
    it('creates once, then answers the existing table', async () => {
      const name = tableName();
      const first = await tables.getOrCreateTable({ table: name, schema: PEOPLE_SCHEMA });
      expect(first).toMatchObject({ created: true, rows: 0, stale: 0, indexing: 0, table: { name } });
      await tables.createTableRows({ table: name, rows: [{ name: 'Ann' }] });
      const second = await tables.getOrCreateTable({ table: name, schema: { other: { type: 'string' } } });
      expect(second).toEqual({ ...first, created: false, rows: 1, table: { ...first.table, updatedAt: expect.any(String) } });
    });
  });

  describe('updateTable', () => {
    it('adds, changes and removes columns, keeping the other values', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { a: { type: 'string' }, b: { type: 'number' } } });
      const { rows } = await tables.createTableRows({ table: name, rows: [{ a: 'x', b: 1 }] });
      const { table, staleColumns } = await tables.updateTable({ table: name, schema: { b: null, c: { type: 'boolean' } } as never });
      expect(staleColumns).toEqual([]);
      expect(table.schema.properties).toEqual({
        a: expect.objectContaining({ type: 'string' }),
        c: expect.objectContaining({ type: 'boolean', 'x-zui': { index: 2 } }),
      });
      const { row } = await tables.getTableRow({ table: name, id: rows[0].id });
      expect(row).toMatchObject({ a: 'x', c: null });
      expect(row).not.toHaveProperty('b');
    });

    it('renames the table and changes tags and factor (never lowering it)', async () => {
      const name = tableName();
      const next = tableName('renamed');
      await tables.createTable({ name, schema: {}, factor: 2 });
      const { table } = await tables.updateTable({ table: name, name: next, tags: { v: '2' }, factor: 3 });
      expect(table).toMatchObject({ name: next, tags: { v: '2' }, factor: 3 });
      await notFound(tables.getTable({ table: name }));
      await invalidPayload(tables.updateTable({ table: next, factor: 1 }));
    });

    it('sets a key column only over unique values, and removes it with null', async () => {
      const name = tableName();
      const { table } = await tables.createTable({ name, schema: { sku: { type: 'string' }, n: { type: 'number' } } });
      await tables.createTableRows({
        table: name,
        rows: [
          { sku: 'a', n: 1 },
          { sku: 'b', n: 1 },
        ],
      });
      const error = await invalidPayload(tables.updateTable({ table: name, keyColumn: 'n' }));
      expect(error.message).toMatch(/not unique/);
      expect((await tables.getTable({ table: name })).table).not.toHaveProperty('keyColumn');
      expect((await tables.updateTable({ table: name, keyColumn: 'sku' })).table.keyColumn).toBe('sku');
      await invalidPayload(tables.createTableRows({ table: name, rows: [{ sku: 'a' }] }));
      const { table: cleared } = await tables.updateTable({ table: name, keyColumn: null });
      expect(cleared).not.toHaveProperty('keyColumn');
      await tables.createTableRows({ table: name, rows: [{ sku: 'a' }] });
      expect((await tables.getTable({ table: table.id })).rows).toBe(3);
    });

    it('keeps a frozen table as it is', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { a: { type: 'string' } }, frozen: true });
      await invalidPayload(tables.updateTable({ table: name, schema: { b: { type: 'string' } } }));
      await invalidPayload(tables.updateTable({ table: name, name: tableName() }));
      await invalidPayload(tables.renameTableColumn({ table: name, name: 'a', newName: 'b' }));
    });

    it('refuses a type change that existing values do not fit', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { a: { type: 'string' } } });
      await tables.createTableRows({ table: name, rows: [{ a: 'text' }] });
      const error = await invalidPayload(tables.updateTable({ table: name, schema: { a: { type: 'number' } } }));
      expect(error.message).toMatch(/'a' cannot become number/);
    });
  });

  describe('renameTableColumn', () => {
    it('renames a column and keeps its values', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { old: { type: 'string' } }, keyColumn: 'old' });
      const { rows } = await tables.createTableRows({ table: name, rows: [{ old: 'v' }] });
      const { table } = await tables.renameTableColumn({ table: name, name: 'old', newName: 'fresh' });
      expect(Object.keys(table.schema.properties)).toEqual(['fresh']);
      expect(table.keyColumn).toBe('fresh');
      expect((await tables.getTableRow({ table: name, id: rows[0].id })).row).toMatchObject({ fresh: 'v' });
      await notFound(tables.renameTableColumn({ table: name, name: 'old', newName: 'x' }));
      await invalidPayload(tables.renameTableColumn({ table: name, name: 'fresh', newName: 'bad-name' }));
    });
  });

  describe('duplicateTable and deleteTable', () => {
    it('copies the schema with or without rows', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { a: { type: 'string' } } });
      await tables.createTableRows({ table: name, rows: [{ a: '1' }, { a: '2' }] });
      const copy = await tables.duplicateTable({ sourceTableId: name, tableName: tableName('copy') });
      expect(copy.rows).toBe(2);
      const rows = await tables.findTableRows({ table: copy.table.id });
      expect(rows.rows.map((r) => r.a)).toEqual(['1', '2']);
      const empty = await tables.duplicateTable({ sourceTableId: name, schemaOnly: true });
      expect(empty).toMatchObject({ rows: 0, table: { name: expect.stringMatching(/Copy\d*Table$/) } });
      const more = await tables.createTableRows({ table: copy.table.id, rows: [{ a: '3' }] });
      expect(more.rows[0].id).toBe(3);
    });

    it('deletes a table with its rows', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: {} });
      expect(await tables.deleteTable({ table: name })).toEqual({});
      await notFound(tables.getTable({ table: name }));
      await notFound(tables.deleteTable({ table: name }));
    });
  });

  describe('access', () => {
    it('answers 401 without a token', async () => {
      await expectClientError(anonymousClient({ botId }).listTables({}), UnauthorizedError, 401, 'Unauthorized');
    });

    it("keeps another bot's tables out of reach (404), and another account's token out (403)", async () => {
      const name = tableName();
      await tables.createTable({ name, schema: {} });
      const other = await tablesBot();
      await notFound(other.tables.getTable({ table: name }));
      await notFound(other.tables.findTableRows({ table: name }));
      await notFound(other.tables.createTableRows({ table: name, rows: [{}] }));
      expect((await other.tables.listTables({})).tables).toEqual([]);
      const stranger = await secondAccount();
      const intruder = client({ token: stranger.token, botId });
      const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
      await forbidden(intruder.getTable({ table: name }));
      await forbidden(intruder.listTables({}));
      await forbidden(intruder.deleteTable({ table: name }));
      await expect(tables.getTable({ table: name })).resolves.toMatchObject({ table: { name } });
    });

    it('admits developers of the workspace and above, not viewers (403)', async () => {
      const { workspaceId } = await tablesBot();
      const viewer = await newMember(workspaceId, 'viewer');
      const developer = await newMember(workspaceId, 'developer');
      await expectClientError(client({ token: viewer.token, botId }).listTables({}), ForbiddenError, 403, 'Forbidden');
      await expectClientError(client({ token: viewer.token, botId }).createTable({ name: tableName(), schema: {} }), ForbiddenError, 403, 'Forbidden');
      const asDeveloper = client({ token: developer.token, botId });
      const { table } = await asDeveloper.createTable({ name: tableName(), schema: {} });
      expect((await tables.getTable({ table: table.id })).table).toEqual(table);
    });

    it("lets a bot's API key reach its bot's tables only", async () => {
      const other = await tablesBot();
      const key = await other.admin.createBotApiKey({ botId: other.botId });
      const withKey = client({ token: key.value, botId: other.botId });
      await withKey.createTable({ name: tableName(), schema: {} });
      expect((await withKey.listTables({})).tables).toHaveLength(1);
      await expectClientError(client({ token: key.value, botId }).listTables({}), ForbiddenError, 403, 'Forbidden');
    });
  });
});
