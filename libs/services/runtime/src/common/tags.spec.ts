import { applyTagChanges, sameTags, tagMatch } from './tags';

describe('applyTagChanges', () => {
  it('sets, replaces, and removes tags given null or an empty value', () => {
    expect(applyTagChanges({ a: '1', b: '2', c: '3' }, { a: 'one', b: null, c: '', d: '4' })).toEqual({ a: 'one', d: '4' });
  });

  it('leaves the current tags untouched', () => {
    const current = { a: '1' };
    applyTagChanges(current, { a: null, b: '2' });
    expect(current).toEqual({ a: '1' });
  });

  it('drops empty values when creating from nothing, and takes no changes as none', () => {
    expect(applyTagChanges({}, { a: '', b: null, c: 'x' })).toEqual({ c: 'x' });
    expect(applyTagChanges({ a: '1' })).toEqual({ a: '1' });
  });

  it('treats tags named like Object properties as plain tags', () => {
    const tags = applyTagChanges({}, JSON.parse('{"__proto__": "p", "constructor": "c"}'));
    expect(Object.keys(tags).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(tags)).toBe(Object.prototype);
    expect(JSON.stringify(tags)).toBe('{"__proto__":"p","constructor":"c"}');
  });
});

describe('tagMatch', () => {
  it('compares every tag given when no discriminating tags are named', () => {
    expect(tagMatch({ b: '2', a: '1' })).toEqual({ a: '1', b: '2' });
  });

  it('compares only the named tags; a named tag without a value must be absent', () => {
    expect(tagMatch({ id: '7', email: 'x', gone: null, empty: '' }, ['id', 'gone', 'empty', 'missing'])).toEqual({
      id: '7',
      gone: null,
      empty: null,
      missing: null,
    });
  });

  it('gives one key per name, in a stable order, so equal lookups share a lock key', () => {
    expect(JSON.stringify(tagMatch({ a: '1', b: '2' }, ['b', 'a', 'b']))).toBe(JSON.stringify(tagMatch({ b: '2', a: '1' })));
  });

  it('does not read values from the Object prototype', () => {
    expect(tagMatch({}, ['constructor', 'toString'])).toEqual({ constructor: null, toString: null });
  });
});

describe('sameTags', () => {
  it('is true only for the same keys with the same values', () => {
    expect(sameTags({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameTags({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameTags({ a: '1' }, { a: '1', b: '2' })).toBe(false);
    expect(sameTags({ a: '1' }, { b: '1' })).toBe(false);
  });
});
