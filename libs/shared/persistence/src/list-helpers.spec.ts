import { pageMeta } from './keyset-page';
import { isUniqueViolation } from './unique-violation';

describe('pageMeta', () => {
  it('carries nextToken only when another page follows', () => {
    expect(pageMeta({ items: [], nextToken: 'abc' })).toEqual({ nextToken: 'abc' });
    expect(pageMeta({ items: [] })).toEqual({});
  });
});

describe('isUniqueViolation', () => {
  it('recognises SQLSTATE 23505 only', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
