import { FOREIGN_ID_PATTERN, newBotId, newId, ulid } from './ids';

describe('identifiers', () => {
  it('makes 26-character Crockford ULIDs ordered by time', () => {
    const a = ulid(1_700_000_000_000);
    const b = ulid(1_700_000_000_001);
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a.slice(0, 10) < b.slice(0, 10)).toBe(true);
  });

  it('prefixes ids with their kind and never repeats', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('msg')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9A-Z]{26}$/);
  });

  it('makes bot ids of 28 to 36 characters', () => {
    const id = newBotId();
    expect(id.length).toBeGreaterThanOrEqual(28);
    expect(id.length).toBeLessThanOrEqual(36);
  });

  it('accepts foreign ids of letters, digits, _ and - up to 100 characters only', () => {
    for (const ok of ['a', 'user_1', 'A-b_C-9', 'x'.repeat(100)]) expect(FOREIGN_ID_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'x'.repeat(101), 'has space', 'slash/no', 'dot.no', 'émile', 'a\nb']) expect(FOREIGN_ID_PATTERN.test(bad)).toBe(false);
  });
});
