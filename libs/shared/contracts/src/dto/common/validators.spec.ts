import { validateSync } from 'class-validator';
import { IsNullableStringMap, IsStringMap, TAG_LIMITS } from './validators';

class Tagged {
  @IsStringMap() tags: unknown;
}
class Patched {
  @IsNullableStringMap() tags: unknown;
}

const problems = (cls: new () => { tags: unknown }, tags: unknown) => {
  const instance = Object.assign(new cls(), { tags });
  return validateSync(instance).flatMap((e) => Object.values(e.constraints ?? {}));
};

describe('tag maps', () => {
  it('accepts string values within the bounds', () => {
    const tags = Object.fromEntries(Array.from({ length: TAG_LIMITS.keys }, (_, i) => [`k${i}`, 'v'.repeat(TAG_LIMITS.valueLength)]));
    expect(problems(Tagged, tags)).toEqual([]);
  });

  it.each([
    ['a non-object', 'tags', /must be an object of string values/],
    ['a number value', { a: 1 }, /must be an object of string values/],
    ['a null value where null means nothing', { a: null }, /must be an object of string values/],
    ['too many keys', Object.fromEntries(Array.from({ length: TAG_LIMITS.keys + 1 }, (_, i) => [`k${i}`, 'v'])), /at most 100 are allowed/],
    ['an empty key', { '': 'v' }, /keys must be 1 to 200 characters long/],
    ['a key too long', { ['k'.repeat(TAG_LIMITS.keyLength + 1)]: 'v' }, /keys must be 1 to 200 characters long/],
    ['a value too long', { a: 'v'.repeat(TAG_LIMITS.valueLength + 1) }, /tags\.a must be at most 500 characters long/],
  ])('refuses %s', (_, tags, message) => {
    expect(problems(Tagged, tags)).toEqual([expect.stringMatching(message)]);
  });

  it('lets null remove a key where updates allow it, within the same bounds', () => {
    expect(problems(Patched, { a: null, b: 'x' })).toEqual([]);
    expect(problems(Patched, { a: 'v'.repeat(TAG_LIMITS.valueLength + 1) })).toEqual([expect.stringMatching(/at most 500/)]);
    expect(problems(Patched, { a: 3 })).toEqual([expect.stringMatching(/string or null values/)]);
  });
});
