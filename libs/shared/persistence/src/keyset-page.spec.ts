import { ApiError } from '@platform/contracts';
import { SelectQueryBuilder } from 'typeorm';
import { keysetPage } from './keyset-page';

interface Row {
  id: string;
  createdAt: Date;
}

/** Just enough of a query builder to see what keysetPage asks of it. */
function fakeQuery(rows: Row[]) {
  const calls = { where: [] as Array<[string, Record<string, unknown>]>, order: [] as string[], limit: 0 };
  const query = {
    alias: 'b',
    andWhere(sql: string, params: Record<string, unknown>) {
      calls.where.push([sql, params]);
      return query;
    },
    orderBy(sql: string, direction: string) {
      calls.order.push(`${sql} ${direction}`);
      return query;
    },
    addOrderBy(sql: string, direction: string) {
      calls.order.push(`${sql} ${direction}`);
      return query;
    },
    limit(n: number) {
      calls.limit = n;
      return query;
    },
    getMany: async () => rows.slice(0, calls.limit),
  };
  return { query: query as unknown as SelectQueryBuilder<Row>, calls };
}

const rows: Row[] = [1, 2, 3].map((n) => ({ id: `row-${n}`, createdAt: new Date(Date.UTC(2026, 0, n, 0, 0, 0, 123)) }));
const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('keysetPage', () => {
  it('returns a page and a cursor when more rows follow, none on the last page', async () => {
    const first = fakeQuery(rows);
    const page = await keysetPage(first.query, { sortProperty: 'createdAt' }, { pageSize: 2 });
    expect(page.items.map((r) => r.id)).toEqual(['row-1', 'row-2']);
    expect(page.nextToken).toEqual(expect.any(String));
    expect(first.calls.limit).toBe(3);
    expect(first.calls.order).toEqual(['b.createdAt ASC', 'b.id ASC']);

    const last = fakeQuery(rows.slice(0, 2));
    expect(await keysetPage(last.query, { sortProperty: 'createdAt' }, { pageSize: 2 })).toEqual({ items: rows.slice(0, 2) });
  });

  it('continues after the cursor of the previous page, in the order asked', async () => {
    const { nextToken } = await keysetPage(fakeQuery(rows).query, { sortProperty: 'createdAt', direction: 'desc' }, { pageSize: 2 });
    const next = fakeQuery([]);
    await keysetPage(next.query, { sortProperty: 'createdAt', direction: 'desc' }, { pageSize: 2, nextToken });
    expect(next.calls.where).toEqual([['(b.createdAt, b.id) < (:keysetSort, :keysetId)', { keysetSort: rows[1].createdAt, keysetId: 'row-2' }]]);
    expect(next.calls.order).toEqual(['b.createdAt DESC', 'b.id DESC']);
  });

  it('bounds the page size to 1..100, 20 by default', async () => {
    for (const [pageSize, limit] of [
      [undefined, 21],
      [0, 2],
      [500, 101],
    ] as const) {
      const q = fakeQuery([]);
      await keysetPage(q.query, { sortProperty: 'createdAt' }, { pageSize });
      expect(q.calls.limit).toBe(limit);
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
    const q = fakeQuery(rows);
    const err = await keysetPage(q.query, { sortProperty: 'createdAt' }, { nextToken }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, type: 'InvalidPayload' });
    expect(q.calls.where).toEqual([]);
  });
});
