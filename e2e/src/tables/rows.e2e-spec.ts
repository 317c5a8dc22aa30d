import { Client } from '@botpress/client';
import { describeOnMesh, e2e, ISO_MS, raw, sql } from '@platform/testing';
import { invalidPayload, notFound, PEOPLE_SCHEMA, tableName, tablesBot } from './support';

type Row = Record<string, unknown> & { id: number };

const PEOPLE = [
  { name: 'Ann Smith', age: 31, active: true, born: '1993-04-01T00:00:00.000Z', address: { city: 'Paris', zip: '75001' } },
  { name: 'Bob Stone', age: 45, active: false, born: '1979-12-24T10:30:00.000Z', address: { city: 'Lyon' } },
  { name: 'Cyd Smithers', age: 22, active: true, born: '2002-07-14T00:00:00.000Z', address: { city: 'Paris' } },
  { name: 'Dee Brown', age: null, active: null, born: null, address: null },
  { name: 'Eve Green', age: 45, active: true, born: '1979-01-01T00:00:00.000Z', address: { city: 'Nice' } },
];

describe('table rows (/v1/tables/{table}/rows)', () => {
  let tables: Client;
  let botId: string;
  let people: string;
  let ids: Record<string, number>;

  const names = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(r.name).split(' ')[0]);
  const find = async (body: Omit<Parameters<Client['findTableRows']>[0], 'table'>) => (await tables.findTableRows({ table: people, ...body })).rows as Row[];

  beforeAll(async () => {
    ({ tables, botId } = await tablesBot());
    people = tableName('people');
    await tables.createTable({ name: people, schema: PEOPLE_SCHEMA });
    const { rows } = await tables.createTableRows({ table: people, rows: PEOPLE });
    ids = Object.fromEntries(rows.map((r) => [String(r.name).split(' ')[0], r.id]));
  });

  describe('createTableRows and getTableRow', () => {
    it('inserts rows with ids from 1, system columns, and null for what they do not hold', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const { rows } = await tables.createTableRows({
        table: name,
        rows: [
          { name: 'A', born: '2020-01-01T12:00:00+02:00' },
          { name: 'B', age: 3 },
        ],
      });
      expect(rows).toEqual([
        {
          id: 1,
          createdAt: expect.stringMatching(ISO_MS),
          updatedAt: expect.stringMatching(ISO_MS),
          computed: {},
          name: 'A',
          age: null,
          active: null,
          born: '2020-01-01T10:00:00.000Z',
          address: null,
        },
        expect.objectContaining({ id: 2, name: 'B', age: 3 }),
      ]);
      expect(await tables.getTableRow({ table: name, id: 1 })).toEqual({ row: rows[0] });
      await notFound(tables.getTableRow({ table: name, id: 99 }));
    });

    it('warns about keys naming no column, and ignores them', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const result = await tables.createTableRows({ table: name, rows: [{ name: 'A', extra: 1 }] });
      expect(result.warnings).toEqual(["Row 0: 'extra' is not a column of the table; ignored"]);
      expect(result.rows[0]).not.toHaveProperty('extra');
    });

    it.each([
      ['a string in a number column', { name: 'x', age: 'old' }, /Row 1: column 'age' is of type number/],
      ['a number in a string column', { name: 5 }, /Row 1: column 'name' is of type string/],
      ['a bad date', { name: 'x', born: 'yesterday' }, /Row 1: column 'born' is of type date/],
      ['a string in a boolean column', { name: 'x', active: 'yes' }, /Row 1: column 'active'/],
      ['an array in an object column', { name: 'x', address: [1] }, /Row 1: column 'address'/],
      ['a missing required column', { age: 3 }, /Row 1: column 'name' is required/],
      ['a row over 4 KB', { name: 'x'.repeat(5000) }, /Row 1: its data takes/],
    ])('refuses %s with 400 naming row and column, writing none of the batch', async (_, bad, message) => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const error = await invalidPayload(tables.createTableRows({ table: name, rows: [{ name: 'ok' }, bad] }));
      expect(error.message).toMatch(message);
      expect((await tables.getTable({ table: name })).rows).toBe(0);
    });

    it('refuses an empty batch and more than 1000 rows', async () => {
      await invalidPayload(tables.createTableRows({ table: people, rows: [] }));
      await invalidPayload(tables.createTableRows({ table: people, rows: Array.from({ length: 1001 }, () => ({ name: 'x' })) }));
    });

    it('takes a full batch of 1,000 rows of nearly 4 KB each (a body of about 4 MB)', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const { rows } = await tables.createTableRows({ table: name, rows: Array.from({ length: 1000 }, (_, i) => ({ name: `${i}`.padEnd(4000, 'x') })) });
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      expect((await tables.getTable({ table: name })).rows).toBe(1000);
    });

    it('honours a larger factor for larger rows', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA, factor: 2 });
      await expect(tables.createTableRows({ table: name, rows: [{ name: 'x'.repeat(6000) }] })).resolves.toBeDefined();
    });
  });

  describe('findTableRows filters', () => {
    it.each([
      ['implicit equality', { name: 'Ann Smith' }, ['Ann']],
      ['$eq', { age: { $eq: 45 } }, ['Bob', 'Eve']],
      ['$ne (null included)', { age: { $ne: 45 } }, ['Ann', 'Cyd', 'Dee']],
      ['$gt', { age: { $gt: 31 } }, ['Bob', 'Eve']],
      ['$gte', { age: { $gte: 31 } }, ['Ann', 'Bob', 'Eve']],
      ['$lt (null excluded)', { age: { $lt: 31 } }, ['Cyd']],
      ['$lte', { age: { $lte: 31 } }, ['Ann', 'Cyd']],
      ['$in', { age: { $in: [22, 31] } }, ['Ann', 'Cyd']],
      ['$nin', { age: { $nin: [22, 31] } }, ['Bob', 'Dee', 'Eve']],
      ['$exists true', { age: { $exists: true } }, ['Ann', 'Bob', 'Cyd', 'Eve']],
      ['$exists false', { age: { $exists: false } }, ['Dee']],
      ['$eq null', { active: { $eq: null } }, ['Dee']],
      ['a boolean', { active: true }, ['Ann', 'Cyd', 'Eve']],
      ['$regex', { name: { $regex: '^[AB]' } }, ['Ann', 'Bob']],
      ['$regex with $options i', { name: { $regex: 'smith', $options: 'i' } }, ['Ann', 'Cyd']],
      ['$not', { age: { $not: { $gt: 30 } } }, ['Cyd', 'Dee']],
      ['$and', { $and: [{ age: { $gte: 30 } }, { active: true }] }, ['Ann', 'Eve']],
      ['$or', { $or: [{ age: 22 }, { name: 'Dee Brown' }] }, ['Cyd', 'Dee']],
      ['$or inside $and', { $and: [{ $or: [{ age: 45 }, { age: 22 }] }, { active: true }] }, ['Cyd', 'Eve']],
      ['top-level $not', { $not: { active: true } }, ['Bob', 'Dee']],
      ['several operators on one column', { age: { $gt: 20, $lt: 40 } }, ['Ann', 'Cyd']],
      ['a date range', { born: { $gte: '1979-06-01T00:00:00Z', $lt: '2000-01-01' } }, ['Ann', 'Bob']],
      ['a nested attribute by dot path', { 'address.city': 'Paris' }, ['Ann', 'Cyd']],
      ['a nested attribute with $exists', { 'address.zip': { $exists: true } }, ['Ann']],
      ['the row id', { id: { $gte: 4 } }, ['Dee', 'Eve']],
      ['createdAt', { createdAt: { $lte: new Date(Date.now() + 60000).toISOString() } }, ['Ann', 'Bob', 'Cyd', 'Dee', 'Eve']],
    ])('%s', async (_, filter, expected) => {
      expect(names(await find({ filter }))).toEqual(expected);
    });

    it.each([
      ['an unknown operator', { age: { $near: 3 } }, /Unknown operator '\$near'/],
      ['an unknown top-level operator', { $nor: [] }, /Unknown operator/],
      ['an unknown column', { nope: 1 }, /Unknown column 'nope'/],
      ['a string compared with a number column', { age: { $gt: 'ten' } }, /Type mismatch/],
      ['a number for a string column', { name: 5 }, /Type mismatch/],
      ['a bad date', { born: { $gt: 'soon' } }, /Type mismatch/],
      ['$in without an array', { age: { $in: 3 } }, /\$in/],
      ['$regex on a number column', { age: { $regex: '1' } }, /\$regex applies to text/],
      ['an invalid regular expression', { name: { $regex: '(' } }, /regular expression/i],
      ['$options other than i', { name: { $regex: 'a', $options: 'g' } }, /\$options/],
      ['$and without an array', { $and: { age: 1 } }, /\$and/],
      ['a dot path into a string column', { 'name.first': 'x' }, /no attribute/],
      ['an injection attempt as a column', { "age'); DROP TABLE x; --": 1 }, /Unknown column/],
    ])('refuses %s with 400', async (_, filter, message) => {
      const error = await invalidPayload(tables.findTableRows({ table: people, filter }));
      expect(error.message).toMatch(message);
    });

    it('keeps values out of the SQL text', async () => {
      expect(await find({ filter: { name: "x' OR '1'='1" } })).toEqual([]);
      expect(await find({ filter: { 'address.city': "'; DELETE FROM tables.rows; --" } })).toEqual([]);
      expect((await tables.getTable({ table: people })).rows).toBe(5);
    });
  });

  describe('findTableRows select, order and pages', () => {
    it('selects columns and nested attributes, always with the system columns', async () => {
      const [row] = await find({ filter: { id: ids.Ann }, select: ['age', 'address.city'] });
      expect(row).toEqual({ id: ids.Ann, createdAt: expect.any(String), updatedAt: expect.any(String), computed: {}, age: 31, address: { city: 'Paris' } });
      await invalidPayload(tables.findTableRows({ table: people, select: ['nope'] }));
    });

    it('orders by a column either way, ties by id', async () => {
      expect(names(await find({ orderBy: 'age', orderDirection: 'desc', filter: { age: { $exists: true } } }))).toEqual(['Eve', 'Bob', 'Ann', 'Cyd']);
      expect(names(await find({ orderBy: 'name' }))).toEqual(['Ann', 'Bob', 'Cyd', 'Dee', 'Eve']);
      expect(names(await find({ orderBy: 'id', orderDirection: 'desc' }))).toEqual(['Eve', 'Dee', 'Cyd', 'Bob', 'Ann']);
      await invalidPayload(tables.findTableRows({ table: people, orderBy: 'nope' }));
      await invalidPayload(tables.findTableRows({ table: people, orderDirection: 'up' as never }));
    });

    it('pages with limit and offset, telling whether more follow', async () => {
      const first = await tables.findTableRows({ table: people, limit: 2 });
      expect(first).toMatchObject({ hasMore: true, offset: 0, limit: 2 });
      expect(names(first.rows)).toEqual(['Ann', 'Bob']);
      const last = await tables.findTableRows({ table: people, limit: 2, offset: 4 });
      expect(last).toMatchObject({ hasMore: false, offset: 4, limit: 2 });
      expect(names(last.rows)).toEqual(['Eve']);
      const exact = await tables.findTableRows({ table: people, limit: 5 });
      expect(exact.hasMore).toBe(false);
      const beyond = await tables.findTableRows({ table: people, offset: 50 });
      expect(beyond).toEqual({ rows: [], hasMore: false, offset: 50, limit: 100 });
      await invalidPayload(tables.findTableRows({ table: people, limit: 0 }));
      await invalidPayload(tables.findTableRows({ table: people, limit: 1001 }));
      await invalidPayload(tables.findTableRows({ table: people, offset: -1 }));
    });
  });

  describe('findTableRows group', () => {
    it('groups by a key with count, sum, avg, min and max', async () => {
      const { rows } = await tables.findTableRows({
        table: people,
        group: { active: 'key', age: ['count', 'sum', 'avg', 'min', 'max'] },
        filter: { active: { $exists: true } },
      });
      expect(rows).toEqual([
        { id: 1, computed: {}, activeKey: false, ageCount: 1, ageSum: 45, ageAvg: 45, ageMin: 45, ageMax: 45 },
        { id: 2, computed: {}, activeKey: true, ageCount: 3, ageSum: 98, ageAvg: 98 / 3, ageMin: 22, ageMax: 45 },
      ]);
    });

    it('aggregates the whole table without a key, and text columns by min and max', async () => {
      const { rows } = await tables.findTableRows({ table: people, group: { name: ['min', 'max', 'count'] } });
      expect(rows).toEqual([{ id: 1, computed: {}, nameMin: 'Ann Smith', nameMax: 'Eve Green', nameCount: 5 }]);
    });

    it.each([
      ['an unknown aggregation', { age: 'median' }],
      ['sum of a text column', { name: 'sum' }],
      ['an unknown column', { nope: 'key' }],
      ['an empty group', {}],
    ])('refuses %s with 400', async (_, group) => {
      await invalidPayload(tables.findTableRows({ table: people, group }));
    });
  });

  describe('findTableRows search', () => {
    it('ranks rows by similarity to the search term', async () => {
      const rows = await find({ search: 'Smith' });
      expect(names(rows)).toEqual(['Ann', 'Cyd']);
      expect(rows[0].similarity).toBeGreaterThan(rows[1].similarity as number);
      expect(rows[0].similarity).toBeLessThanOrEqual(1);
      expect(names(await find({ search: 'Smith', filter: { age: { $lt: 30 } } }))).toEqual(['Cyd']);
      expect(await find({ search: 'zzzzqqq' })).toEqual([]);
    });

    it('finds rows down to a word similarity of 0.3, below the 0.6 Postgres takes by default', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      await tables.createTableRows({ table: name, rows: [{ name: 'Ann Smith' }, { name: 'Bob Smyth' }, { name: 'Cyd Jones' }] });
      const { rows } = await tables.findTableRows({ table: name, search: 'Smith' });
      expect(names(rows)).toEqual(['Ann', 'Bob']);
      expect(rows[1].similarity).toBeLessThan(0.6);
    });

    it('finds the same rows with the same similarity in a table past 500 rows, searched through the trigram index', async () => {
      const [small, large] = [tableName(), tableName()];
      const matching = [{ name: 'Ann Smith', age: 31 }, { name: 'Bob Smyth' }, { name: 'Cyd Jones' }, { name: 'Dee Smithers', age: 22 }];
      for (const name of [small, large]) {
        await tables.createTable({ name, schema: PEOPLE_SCHEMA });
        await tables.createTableRows({ table: name, rows: matching });
      }
      // Rows sharing no trigram with the term: the large table's search goes through the index, not row by row.
      await tables.createTableRows({ table: large, rows: Array.from({ length: 600 }, (_, i) => ({ name: `Qx${i} Vw` })) });
      const answer = async (table: string, body: Omit<Parameters<Client['findTableRows']>[0], 'table'>) => {
        const { rows, hasMore } = await tables.findTableRows({ table, ...body });
        return { rows: rows.map((r) => [r.name, r.similarity]), hasMore };
      };
      for (const body of [{ search: 'Smith' }, { search: 'Smith', filter: { age: { $gt: 20 } } }, { search: 'Smith', limit: 1, offset: 1 }]) {
        const expected = await answer(small, body);
        expect(await answer(large, body)).toEqual(expected);
      }
      expect((await answer(small, { search: 'Smith' })).rows.map(([name]) => name)).toEqual(['Ann Smith', 'Dee Smithers', 'Bob Smyth']);
    });

    it('refuses a search term over 1024 characters', async () => {
      await invalidPayload(tables.findTableRows({ table: people, search: 'x'.repeat(1025) }));
    });
  });

  describe('findTableRows and getTableRow after the table changed', () => {
    // Each replica remembers the definitions of the tables it read rows of; every read of rows
    // checks that the name still leads to that table as it was, so no change is missed, here or elsewhere.
    const page = async (table: string, body: Omit<Parameters<Client['findTableRows']>[0], 'table'> = {}) =>
      (await tables.findTableRows({ table, ...body })).rows.map((r) => r.name);

    it('filters, orders and selects on a column added since the last page', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { type: 'object', properties: { name: { type: 'string' } } } });
      await tables.createTableRows({ table: name, rows: [{ name: 'a' }] });
      expect(await page(name)).toEqual(['a']);
      await tables.updateTable({ table: name, schema: { size: { type: 'number' } } });
      await tables.createTableRows({
        table: name,
        rows: [
          { name: 'b', size: 2 },
          { name: 'c', size: 10 },
        ],
      });
      expect(await page(name, { filter: { size: { $gte: 2 } }, orderBy: 'size', orderDirection: 'desc' })).toEqual(['c', 'b']);
      expect((await tables.findTableRows({ table: name, select: ['size'], limit: 1 })).rows).toEqual([expect.objectContaining({ id: 1, size: null })]);
    });

    it('stops filtering on a column removed since the last page', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'number' } } } });
      await tables.createTableRows({ table: name, rows: [{ name: 'a', size: 1 }] });
      expect(await page(name, { filter: { size: 1 } })).toEqual(['a']);
      await tables.updateTable({ table: name, schema: { size: null } as never });
      await invalidPayload(tables.findTableRows({ table: name, filter: { size: 1 } }));
    });

    it('groups on the columns the table has now', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'number' } } } });
      await tables.createTableRows({
        table: name,
        rows: [
          { name: 'a', size: 1 },
          { name: 'b', size: 1 },
        ],
      });
      const groups = async (group: Record<string, unknown>) => (await tables.findTableRows({ table: name, group })).rows;
      expect(await groups({ size: ['key', 'count'] })).toEqual([{ id: 1, computed: {}, sizeKey: 1, sizeCount: 2 }]);
      await tables.updateTable({ table: name, schema: { size: null } as never });
      await invalidPayload(tables.findTableRows({ table: name, group: { size: ['key', 'count'] } }));
      await tables.updateTable({ table: name, schema: { colour: { type: 'string' } } });
      expect(await groups({ colour: 'key', name: 'count' })).toEqual([{ id: 1, computed: {}, colourKey: null, nameCount: 2 }]);
    });

    it('shows a row with the columns the table has now', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { type: 'object', properties: { name: { type: 'string' } } } });
      await tables.createTableRows({ table: name, rows: [{ name: 'a' }] });
      expect((await tables.getTableRow({ table: name, id: 1 })).row).not.toHaveProperty('size');
      await tables.updateTable({ table: name, schema: { size: { type: 'number' } } });
      expect((await tables.getTableRow({ table: name, id: 1 })).row).toMatchObject({ name: 'a', size: null });
      await notFound(tables.getTableRow({ table: name, id: 2 }));
    });

    it('follows a name to the table it names now, after a rename and after a deletion', async () => {
      const [first, renamed] = [tableName(), tableName()];
      await tables.createTable({ name: first, schema: PEOPLE_SCHEMA });
      await tables.createTableRows({ table: first, rows: [{ name: 'old' }] });
      expect(await page(first)).toEqual(['old']);
      expect((await tables.getTableRow({ table: first, id: 1 })).row.name).toBe('old');
      await tables.updateTable({ table: first, name: renamed });
      await notFound(tables.findTableRows({ table: first }));
      await notFound(tables.getTableRow({ table: first, id: 1 }));
      await tables.createTable({ name: first, schema: PEOPLE_SCHEMA });
      expect(await page(first)).toEqual([]);
      await tables.createTableRows({ table: first, rows: [{ name: 'new' }] });
      expect(await page(first)).toEqual(['new']);
      expect((await tables.getTableRow({ table: first, id: 1 })).row.name).toBe('new');
      expect(await page(renamed)).toEqual(['old']);
      await tables.deleteTable({ table: first });
      await notFound(tables.findTableRows({ table: first }));
      await tables.createTable({ name: first, schema: PEOPLE_SCHEMA });
      expect(await page(first)).toEqual([]);
      expect(await page(first, { search: 'new' })).toEqual([]);
    });
  });

  describe('updateTableRows', () => {
    it('updates rows by id, merging the columns given (null clears one)', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const { rows } = await tables.createTableRows({
        table: name,
        rows: [
          { name: 'A', age: 1 },
          { name: 'B', age: 2 },
        ],
      });
      const { rows: updated } = await tables.updateTableRows({
        table: name,
        rows: [
          { id: rows[0].id, age: 10 },
          { id: rows[1].id, age: null },
        ],
      });
      expect(updated).toEqual([
        { ...rows[0], age: 10, updatedAt: expect.stringMatching(ISO_MS) },
        { ...rows[1], age: null, updatedAt: expect.stringMatching(ISO_MS) },
      ]);
    });

    it('writes none of the batch when one row is missing or invalid', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: PEOPLE_SCHEMA });
      const { rows } = await tables.createTableRows({ table: name, rows: [{ name: 'A', age: 1 }] });
      await notFound(
        tables.updateTableRows({
          table: name,
          rows: [
            { id: rows[0].id, age: 5 },
            { id: 999, age: 6 },
          ],
        }),
      );
      await invalidPayload(
        tables.updateTableRows({
          table: name,
          rows: [
            { id: rows[0].id, age: 5 },
            { id: rows[0].id, age: 'x' },
          ],
        }),
      );
      await invalidPayload(tables.updateTableRows({ table: name, rows: [{ age: 5 } as never] }));
      expect((await tables.getTableRow({ table: name, id: rows[0].id })).row.age).toBe(1);
    });
  });

  describe('upsertTableRows', () => {
    it('inserts and updates by a key column', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { sku: { type: 'string' }, qty: { type: 'number' } }, keyColumn: 'sku' });
      await tables.createTableRows({ table: name, rows: [{ sku: 'a', qty: 1 }] });
      const result = await tables.upsertTableRows({
        table: name,
        keyColumn: 'sku',
        rows: [
          { sku: 'a', qty: 5 },
          { sku: 'b', qty: 2 },
        ],
      });
      expect(result.updated).toEqual([expect.objectContaining({ id: 1, sku: 'a', qty: 5 })]);
      expect(result.inserted).toEqual([expect.objectContaining({ id: 2, sku: 'b', qty: 2 })]);
      expect((await tables.getTable({ table: name })).rows).toBe(2);
    });

    it('upserts by id by default', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { v: { type: 'number' } } });
      await tables.createTableRows({ table: name, rows: [{ v: 1 }] });
      const result = await tables.upsertTableRows({ table: name, rows: [{ id: 1, v: 10 }, { v: 20 }] });
      expect(result.updated.map((r) => r.v)).toEqual([10]);
      expect(result.inserted.map((r) => [r.id, r.v])).toEqual([[2, 20]]);
    });

    it('refuses a row without a key value, a key repeated in the batch, and a key that is not a column', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { sku: { type: 'string' }, qty: { type: 'number' } }, keyColumn: 'sku' });
      await invalidPayload(tables.upsertTableRows({ table: name, keyColumn: 'sku', rows: [{ qty: 1 }] }));
      await invalidPayload(tables.upsertTableRows({ table: name, keyColumn: 'sku', rows: [{ sku: 'a' }, { sku: 'a' }] }));
      await invalidPayload(tables.upsertTableRows({ table: name, keyColumn: 'nope', rows: [{ sku: 'a' }] }));
      expect((await tables.getTable({ table: name })).rows).toBe(0);
    });

    it('keeps key column values unique on insert', async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { sku: { type: 'string' } }, keyColumn: 'sku' });
      await tables.createTableRows({ table: name, rows: [{ sku: 'a' }] });
      await invalidPayload(tables.createTableRows({ table: name, rows: [{ sku: 'b' }, { sku: 'a' }] }));
      expect((await tables.getTable({ table: name })).rows).toBe(1);
    });
  });

  describe('deleteTableRows', () => {
    const fresh = async () => {
      const name = tableName();
      await tables.createTable({ name, schema: { v: { type: 'number' } } });
      await tables.createTableRows({ table: name, rows: [1, 2, 3, 4].map((v) => ({ v })) });
      return name;
    };

    it('deletes by ids, by filter, or all', async () => {
      const name = await fresh();
      expect(await tables.deleteTableRows({ table: name, ids: [1, 2, 99] })).toEqual({ deletedRows: 2 });
      expect(await tables.deleteTableRows({ table: name, filter: { v: { $gt: 3 } } })).toEqual({ deletedRows: 1 });
      expect(await tables.deleteTableRows({ table: name, deleteAllRows: true })).toEqual({ deletedRows: 1 });
      expect((await tables.getTable({ table: name })).rows).toBe(0);
    });

    it('refuses nothing to delete by, two ways at once, an empty filter and a bad filter', async () => {
      const name = await fresh();
      await invalidPayload(tables.deleteTableRows({ table: name }));
      await invalidPayload(tables.deleteTableRows({ table: name, ids: [1], deleteAllRows: true }));
      await invalidPayload(tables.deleteTableRows({ table: name, filter: {} }));
      await invalidPayload(tables.deleteTableRows({ table: name, filter: { v: { $bad: 1 } } }));
      expect((await tables.getTable({ table: name })).rows).toBe(4);
    });
  });

  it('answers a table of another bot as not found on every row operation', async () => {
    const other = await tablesBot();
    await notFound(other.tables.getTableRow({ table: people, id: 1 }));
    await notFound(other.tables.updateTableRows({ table: people, rows: [{ id: 1, age: 1 }] }));
    await notFound(other.tables.upsertTableRows({ table: people, rows: [{ age: 1 }] }));
    await notFound(other.tables.deleteTableRows({ table: people, deleteAllRows: true }));
    expect((await tables.getTable({ table: people })).rows).toBe(5);
  });

  it('refuses a malformed row id in getTableRow', async () => {
    const res = await raw('GET', `/v1/tables/${people}/row?id=abc`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId } });
    expect(res.status).toBe(400);
  });
});

describeOnMesh("the rows' search text in the database", () => {
  it('keeps no planner statistics, whose estimate of a search cost more than searching a small table', async () => {
    await sql(`ANALYZE "tables"."rows"`);
    const stats = await sql(`SELECT 1 FROM pg_stats WHERE schemaname = 'tables' AND tablename = 'rows' AND attname = 'search_text'`);
    expect(stats).toEqual([]);
  });
});

describeOnMesh("the rows' timestamps", () => {
  it('are shown as stored, to the millisecond, by every operation that answers rows', async () => {
    const { tables, botId } = await tablesBot();
    const name = tableName('stamps');
    await tables.createTable({ name, schema: PEOPLE_SCHEMA });
    const stored = async (id: number) => {
      const [row] = await sql<{ created_at: Date; updated_at: Date }>(
        `SELECT r."created_at", r."updated_at" FROM "tables"."rows" r JOIN "tables"."tables" t ON t."id" = r."table_id"
          WHERE t."bot_id" = $1 AND t."name" = $2 AND r."id" = $3`,
        [botId, name, id],
      );
      return { createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
    };
    const stamps = (row: Record<string, unknown>) => ({ createdAt: row.createdAt, updatedAt: row.updatedAt });

    const [created] = (await tables.createTableRows({ table: name, rows: [{ name: 'Ann Smith' }] })).rows;
    expect(stamps(created)).toEqual(await stored(created.id));
    const [updated] = (await tables.updateTableRows({ table: name, rows: [{ id: created.id, age: 3 }] })).rows;
    const now = await stored(created.id);
    expect(stamps(updated)).toEqual(now);
    expect(now.updatedAt >= now.createdAt).toBe(true);
    expect(stamps((await tables.getTableRow({ table: name, id: created.id })).row)).toEqual(now);
    expect(stamps((await tables.findTableRows({ table: name })).rows[0])).toEqual(now);
    expect(stamps((await tables.findTableRows({ table: name, search: 'Smith' })).rows[0])).toEqual(now);
    const { updated: upserted } = await tables.upsertTableRows({ table: name, rows: [{ id: created.id, name: 'Ann Smith', age: 4 }] });
    expect(stamps(upserted[0])).toEqual(await stored(created.id));
  });
});
