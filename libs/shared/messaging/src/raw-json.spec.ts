import { RawJson, stringifyWithRaw } from './raw-json';

describe('stringifyWithRaw', () => {
  it('writes raw JSON text in place, untouched', () => {
    const text = stringifyWithRaw({ v: { body: new RawJson('{"a": [1, 2],  "b": "x"}'), requestId: 'r1' } });
    expect(text).toBe('{"v":{"body":{"a": [1, 2],  "b": "x"},"requestId":"r1"}}');
    expect(JSON.parse(text)).toEqual({ v: { body: { a: [1, 2], b: 'x' }, requestId: 'r1' } });
  });

  it('is plain JSON.stringify without raw values', () => {
    expect(stringifyWithRaw({ a: 'x', b: [1, { c: null }] })).toBe(JSON.stringify({ a: 'x', b: [1, { c: null }] }));
  });

  it('never parses the raw text itself: invalid JSON goes out as it came, for the receiver to refuse', () => {
    expect(stringifyWithRaw({ body: new RawJson('{"a":1,}') })).toBe('{"body":{"a":1,}}');
  });
});

describe('RawJson outside stringifyWithRaw', () => {
  it('serialises as the value its text stands for', () => {
    expect(JSON.stringify({ body: new RawJson('{"a": [1, 2]}') })).toBe('{"body":{"a":[1,2]}}');
  });

  it('leaves no placeholder behind once a serialisation has failed', () => {
    const cyclic: Record<string, unknown> = { body: new RawJson('1') };
    cyclic.self = cyclic;
    expect(() => stringifyWithRaw(cyclic)).toThrow(TypeError);
    expect(JSON.stringify({ body: new RawJson('2') })).toBe('{"body":2}');
  });
});
