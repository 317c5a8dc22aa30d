import { ApiError } from '@platform/contracts';
import { buildSchema, columnsOf } from '../common/table-schema';
import { FilterCompiler } from './filter';
import { SqlParams } from './sql-params';

const columns = columnsOf(
  buildSchema({
    properties: { name: { type: 'string' }, age: { type: 'number' }, born: { type: 'string', format: 'date-time' }, meta: { type: 'object' } },
  }),
);

function compile(filter: Record<string, unknown>) {
  const params = new SqlParams(['table_1']);
  const sql = new FilterCompiler(columns, params).compile(filter);
  return { sql, values: params.values };
}

function refusal(filter: Record<string, unknown>): string {
  try {
    compile(filter);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('InvalidPayload');
    return (error as ApiError).message;
  }
  throw new Error('the filter was accepted');
}

describe('FilterCompiler', () => {
  it('binds every value as a parameter, never as SQL text', () => {
    const hostile = "x'); DROP TABLE tables.rows; --";
    const { sql, values } = compile({ name: hostile, 'meta.deep': { $regex: hostile }, $or: [{ age: { $in: [1, 2] } }, { name: { $ne: hostile } }] });
    expect(sql).not.toContain('DROP');
    expect(values).toEqual(['table_1', JSON.stringify(hostile), ['deep'], hostile, '1', '2', JSON.stringify(hostile)]);
  });

  it('writes column names only as checked literals of the schema', () => {
    expect(compile({ age: { $gt: 3 } }).sql).toBe(`((jsonb_typeof((r."data" -> 'age')) = 'number' AND (r."data" -> 'age') > $2::jsonb))`);
    expect(refusal({ "age' OR 1=1 --": 1 })).toMatch(/Unknown column/);
  });

  it('compares dates as normalised ISO strings', () => {
    const { values } = compile({ born: { $gte: '2020-01-01T02:00:00+02:00' } });
    expect(values[1]).toBe('2020-01-01T00:00:00.000Z');
  });

  it.each([
    [{ age: { $near: 1 } }, /Unknown operator '\$near'/],
    [{ $where: 'x' }, /Unknown operator '\$where'/],
    [{ nope: 1 }, /Unknown column 'nope'/],
    [{ age: 'x' }, /Type mismatch/],
    [{ name: { $gt: true } }, /comparison/],
    [{ age: { $exists: 1 } }, /\$exists/],
    [{ name: { $options: 'i' } }, /needs \$regex/],
    [{ 'name.x': 1 }, /no attribute/],
    [{ $or: [] }, /non-empty array/],
    [{ id: 1.5 }, /integer/],
  ])('refuses %j', (filter, message) => {
    expect(refusal(filter)).toMatch(message);
  });

  it('bounds the nesting and the number of conditions', () => {
    let deep: Record<string, unknown> = { age: 1 };
    for (let i = 0; i < 12; i++) deep = { $and: [deep] };
    expect(refusal(deep)).toMatch(/nests at most/);
    expect(refusal({ $or: Array.from({ length: 201 }, () => ({ age: 1 })) })).toMatch(/at most 200 conditions/);
  });
});
