import { ApiError } from '@platform/contracts';
import { EntityManager } from 'typeorm';
import { ListQuery } from './list-query';

interface Row {
  id: string;
  botId: string;
  createdAt: Date;
  status: string;
}

const columns = [
  ['id', 'id'],
  ['botId', 'bot_id'],
  ['createdAt', 'created_at'],
  ['status', 'status'],
].map(([propertyName, databaseName]) => ({
  propertyName,
  databaseName,
  isVirtual: false,
  setEntityValue: (entity: Record<string, unknown>, value: unknown) => (entity[propertyName] = value),
}));

/** Just enough of an entity manager to see the statements a list runs; it answers with the rows given. */
function fakeManager(rows: Array<Record<string, unknown>>) {
  const runs: Array<{ text: string; values: unknown[] }> = [];
  const metadata = {
    tablePath: 'runtime.rows',
    columns,
    create: () => ({}),
    findColumnWithPropertyName: (property: string) => columns.find((c) => c.propertyName === property),
  };
  const manager = {
    // As a transaction's manager, whose statements go through `query`.
    queryRunner: {},
    connection: {
      getMetadata: () => metadata,
      driver: { escape: (name: string) => `"${name}"`, prepareHydratedValue: (value: unknown) => value },
    },
    query: async (text: string, values: unknown[]) => {
      runs.push({ text, values: [...values] });
      const limit = Number(/LIMIT (\d+)$/.exec(text)?.[1]);
      return rows.slice(0, limit);
    },
  };
  return { manager: manager as unknown as EntityManager, runs };
}

const stored = [1, 2, 3].map((n) => ({ id: `row-${n}`, bot_id: 'bot', created_at: new Date(Date.UTC(2026, 0, n, 0, 0, 0, 123)), status: 'done' }));
const listOf = (manager: EntityManager) => new ListQuery<Row>(manager, class RowEntity {}, 'r');
const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const SELECT = 'SELECT "r"."id" AS "id", "r"."bot_id" AS "bot_id", "r"."created_at" AS "created_at", "r"."status" AS "status" FROM "runtime"."rows" r';

describe('ListQuery', () => {
  it('reads a page of entities and a cursor when more rows follow, none on the last page', async () => {
    const first = fakeManager(stored);
    const page = await listOf(first.manager).whereEquals('botId', 'bot').page({ sortProperty: 'createdAt' }, { pageSize: 2 });
    expect(page.items).toEqual([
      { id: 'row-1', botId: 'bot', createdAt: stored[0].created_at, status: 'done' },
      { id: 'row-2', botId: 'bot', createdAt: stored[1].created_at, status: 'done' },
    ]);
    expect(page.nextToken).toEqual(expect.any(String));
    expect(first.runs).toEqual([{ text: `${SELECT} WHERE r."bot_id" = $1 ORDER BY r."created_at" ASC, r."id" ASC LIMIT 3`, values: ['bot'] }]);

    const last = fakeManager(stored.slice(0, 2));
    expect((await listOf(last.manager).page({ sortProperty: 'createdAt' }, { pageSize: 2 })).nextToken).toBeUndefined();
  });

  it('continues after the cursor of the previous page, in the order asked', async () => {
    const { nextToken } = await listOf(fakeManager(stored).manager).page({ sortProperty: 'createdAt', direction: 'desc' }, { pageSize: 2 });
    const next = fakeManager([]);
    await listOf(next.manager).whereEquals('botId', 'bot').page({ sortProperty: 'createdAt', direction: 'desc' }, { pageSize: 2, nextToken });
    expect(next.runs).toEqual([
      {
        text: `${SELECT} WHERE r."bot_id" = $1 AND (r."created_at", r."id") < ($2, $3) ORDER BY r."created_at" DESC, r."id" DESC LIMIT 3`,
        values: ['bot', stored[1].created_at, 'row-2'],
      },
    ]);
  });

  it('keeps a condition only for the filters given, each value a placeholder', async () => {
    const { manager, runs } = fakeManager([]);
    const query = listOf(manager).whereEquals('botId', 'bot').whereEquals('status', undefined).whereIn('status', []).whereCompares('createdAt', '<', undefined);
    await query.whereIn('status', ['a', 'b']).whereCompares('createdAt', '>=', stored[0].created_at).page({ sortProperty: 'createdAt' }, {});
    expect(runs[0].text).toBe(
      `${SELECT} WHERE r."bot_id" = $1 AND r."status" = ANY($2) AND r."created_at" >= $3 ORDER BY r."created_at" ASC, r."id" ASC LIMIT 21`,
    );
    expect(runs[0].values).toEqual(['bot', ['a', 'b'], stored[0].created_at]);
  });

  it('reads rows with the read given, and only the expressions selected', async () => {
    const { manager, runs } = fakeManager(stored);
    const page = await listOf(manager)
      .select('r."id", r."created_at"')
      .page({ sortProperty: 'createdAt' }, { pageSize: 1 }, (row) => ({ id: row.id as string, createdAt: row.created_at as Date }));
    expect(page.items).toEqual([{ id: 'row-1', createdAt: stored[0].created_at }]);
    expect(runs[0].text).toBe('SELECT r."id", r."created_at" FROM "runtime"."rows" r ORDER BY r."created_at" ASC, r."id" ASC LIMIT 2');
  });

  it('reads the first matching row in ascending order, or null', async () => {
    const found = fakeManager(stored);
    expect(await listOf(found.manager).whereEquals('botId', 'bot').first('createdAt')).toMatchObject({ id: 'row-1' });
    expect(found.runs[0].text).toBe(`${SELECT} WHERE r."bot_id" = $1 ORDER BY r."created_at" ASC, r."id" ASC LIMIT 1`);
    expect(await listOf(fakeManager([]).manager).first('createdAt')).toBeNull();
  });

  it('refuses a property that is not a column of the entity', () => {
    expect(() => listOf(fakeManager([]).manager).whereEquals('nope' as keyof Row, 'x')).toThrow('nope is not a column');
  });

  it('bounds the page size to 1..100, 20 by default', async () => {
    for (const [pageSize, limit] of [
      [undefined, 21],
      [0, 2],
      [500, 101],
    ] as const) {
      const { manager, runs } = fakeManager([]);
      await listOf(manager).page({ sortProperty: 'createdAt' }, { pageSize });
      expect(runs[0].text).toMatch(new RegExp(` LIMIT ${limit}$`));
    }
  });

  it.each([
    ['not base64 JSON', 'garbage'],
    ['JSON null', token(null)],
    ['an array', token([])],
    ['a number as the date', token({ s: 1, i: 'x' })],
    ['another date form', token({ s: 'Tue, 01 Jan 2019 00:00:00 GMT', i: 'x' })],
    ['a date without time', token({ s: '2020-01-01', i: 'x' })],
    ['a date Postgres cannot hold', token({ s: '-271821-04-20T00:00:00.000Z', i: 'x' })],
    ['a date that does not exist', token({ s: '2020-02-31T00:00:00.000Z', i: 'x' })],
    ['no id', token({ s: '2020-01-01T00:00:00.000Z' })],
    ['an empty id', token({ s: '2020-01-01T00:00:00.000Z', i: '' })],
    ['an id with U+0000', token({ s: '2020-01-01T00:00:00.000Z', i: 'a\u0000b' })],
    ['an id longer than any id', token({ s: '2020-01-01T00:00:00.000Z', i: 'x'.repeat(201) })],
  ])('refuses a forged nextToken (%s) with 400 before querying', async (_, nextToken) => {
    const { manager, runs } = fakeManager(stored);
    const err = await listOf(manager)
      .page({ sortProperty: 'createdAt' }, { nextToken })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, type: 'InvalidPayload' });
    expect(runs).toEqual([]);
  });
});
