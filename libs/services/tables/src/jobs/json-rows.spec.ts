import { JsonRowsReader } from './json-rows';

/** The rows of JSON text fed in chunks of `size` characters. */
function read(text: string, size: number, maxRow?: number): Array<Record<string, unknown>> {
  const reader = new JsonRowsReader(maxRow);
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < text.length; i += size) rows.push(...reader.push(text.slice(i, i + size)));
  reader.end();
  return rows;
}

describe('JSON rows', () => {
  const rows = [{ name: 'Ann, "the first" [x] {y}', age: 31, address: { city: 'Paris', tags: ['a', 'b'] } }, { name: 'Bob\\\nStone' }, {}];

  it.each([1, 2, 5, 1000])('reads an array of rows in any layout, whatever the chunk size (%i)', (size) => {
    expect(read(JSON.stringify(rows), size)).toEqual(rows);
    expect(read(JSON.stringify(rows, null, 2), size)).toEqual(rows);
  });

  it.each([1, 3, 1000])('reads the rows of an export, skipping its schema (%i)', (size) => {
    const schema = { type: 'object', properties: { rows: { type: 'array' }, name: { type: 'string' } } };
    const exported = `{"schema":${JSON.stringify(schema)},"rows":[\n${rows.map((r) => JSON.stringify(r)).join('\n,')}\n]}\n`;
    expect(read(exported, size)).toEqual(rows);
    expect(read(JSON.stringify({ rows, schema, note: 'rows "rows"' }, null, 1), size)).toEqual(rows);
  });

  it('reads an empty array', () => {
    expect(read(' [ ] ', 1)).toEqual([]);
  });

  it('names what is wrong with a malformed file', () => {
    expect(() => read('[{"a":1}, 5]', 100)).toThrow('Row 1: must be an object');
    expect(() => read('[{"a":1}, {"a": }]', 100)).toThrow(/^Row 1: not valid JSON/);
    expect(() => read('[{"a":1}, {"a":2}', 100)).toThrow('ends before its value does');
    expect(() => read('[{"a":"open}]', 100)).toThrow('ends before its value does');
    expect(() => read('[{"a":1]}', 100)).toThrow('does not close what is open');
    expect(() => read('[{"a":1}] x', 100)).toThrow('more text after its value');
    expect(() => read('{"schema":{}}', 100)).toThrow('no "rows" array');
    expect(() => read('{"rows":5}', 100)).toThrow('no "rows" array');
    expect(() => read('', 100)).toThrow('empty');
    expect(() => read('"text"', 100)).toThrow('neither a JSON array');
  });

  it('refuses a row longer than the limit, without holding more of it', () => {
    expect(() => read(`[{"a":"${'x'.repeat(100)}"}]`, 10, 50)).toThrow('Row 0: longer than 50 characters');
  });
});
