import { containsNul } from './nul-character.middleware';

describe('containsNul', () => {
  it.each([
    ['a string', 'a\u0000b'],
    ['a nested value', { a: { b: ['x', 'y\u0000'] } }],
    ['a key', { 'key\u0000': 1 }],
    ['a nested key', [{ fine: { 'k\u0000': null } }]],
  ])('finds U+0000 in %s', (_, value) => {
    expect(containsNul(value)).toBe(true);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['numbers and booleans', [0, 1.5, true, false]],
    ['the escaped text \\u0000', '\\u0000'],
    ['other control characters', '\u0001\u001f\t\n'],
    ['a plain object', { text: 'hello', nested: { list: ['a', 'b'] } }],
  ])('finds none in %s', (_, value) => {
    expect(containsNul(value)).toBe(false);
  });

  it('walks deeply nested and very long values without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(Array.from({ length: 500_000 }, (_, i) => String(i)))).toBe(false);
  });
});
