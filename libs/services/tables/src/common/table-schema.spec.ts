import { ApiError } from '@platform/contracts';
import { buildSchema, columnsOf, mergeSchema, renameInSchema, tableNameProblem } from './table-schema';

const refused = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    expect((error as ApiError).type).toBe('InvalidPayload');
    return (error as ApiError).message;
  }
  throw new Error('accepted');
};

describe('table schemas', () => {
  it('keeps columns in order with their index, type, nullability and the known keywords only', () => {
    const schema = buildSchema({
      type: 'object',
      'x-zui': {},
      properties: {
        a: { type: 'string', minLength: 3, 'x-zui': { searchable: true, color: 'red' } },
        d: { type: 'string', format: 'date-time', nullable: false },
      },
      required: ['a'],
    });
    expect(schema).toEqual({
      type: 'object',
      additionalProperties: true,
      required: ['a'],
      properties: {
        a: { type: 'string', nullable: true, 'x-zui': { searchable: true, index: 0 } },
        d: { type: 'string', format: 'date-time', nullable: false, 'x-zui': { index: 1 } },
      },
    });
    expect(columnsOf(schema).map((c) => [c.name, c.type, c.nullable, c.required, c.searchable])).toEqual([
      ['a', 'string', true, true, true],
      ['d', 'date', false, false, false],
    ]);
  });

  it('merges an update: new columns after the others, null removes, the index of a kept column stays', () => {
    const schema = buildSchema({ properties: { a: { type: 'string' }, b: { type: 'number' } } });
    const { schema: next, removed } = mergeSchema(schema, { a: null, b: { type: 'string' }, c: { type: 'boolean' } });
    expect(removed).toEqual(['a']);
    expect(columnsOf(next).map((c) => [c.name, c.type])).toEqual([
      ['b', 'string'],
      ['c', 'boolean'],
    ]);
    expect(next.properties.c['x-zui'].index).toBe(2);
  });

  it('renames a column in place, in the required list too', () => {
    const schema = buildSchema({ properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] });
    const renamed = renameInSchema(schema, 'a', 'z');
    expect(Object.keys(renamed.properties)).toEqual(['z', 'b']);
    expect(renamed.required).toEqual(['z']);
  });

  it.each([
    [{ properties: { a: { type: 'integer' } } }, /type 'integer'/],
    [{ properties: { a: { type: 'number', format: 'date-time' } } }, /format/],
    [{ properties: { a: { type: 'string', pattern: '(' } } }, /pattern/],
    [{ properties: { createdAt: { type: 'string' } } }, /reserved/],
    [{ properties: { a: 'string' } }, /described by an object/],
  ])('refuses %j', (schema, message) => {
    expect(refused(() => buildSchema(schema))).toMatch(message);
  });

  it('checks table names as the cloud does', () => {
    expect(tableNameProblem('ordersTable')).toBeUndefined();
    expect(tableNameProblem('orders')).toMatch(/end with 'Table'/);
    expect(tableNameProblem('9Table')).toMatch(/not start with a digit/);
    expect(tableNameProblem(`${'a'.repeat(26)}Table`)).toMatch(/longer than 30/);
  });
});
