import { csvLine, CsvReader } from './table-files';

/** Reads CSV text fed in chunks of `size` characters. */
function read(text: string, size: number): string[][] {
  const reader = new CsvReader();
  const records: string[][] = [];
  for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
  return [...records, ...reader.end()];
}

describe('CSV files', () => {
  const values = ['plain', 'with, comma', 'with "quotes"', 'two\nlines', '', '"', '""'];
  const text = csvLine(values) + csvLine(['a', 'b']);

  it('writes values that need it quoted, with doubled quotes', () => {
    expect(csvLine(['a,b', 'say "hi"', null, 3, { x: 1 }])).toBe('"a,b","say ""hi""",,3,"{""x"":1}"\n');
  });

  it.each([1, 2, 3, 7, 1000])('reads back what it wrote, whatever the chunk size (%i)', (size) => {
    expect(read(text, size)).toEqual([values, ['a', 'b']]);
  });

  it('reads a last record without a line break, and CRLF line ends', () => {
    expect(read('a,b\r\nc,d', 3)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('refuses a file ending inside quotes, and fields beyond the limit', () => {
    expect(() => read('"open', 2)).toThrow(/inside a quoted field/);
    const reader = new CsvReader(10);
    expect(() => reader.push('x'.repeat(11))).toThrow(/longer than 10/);
  });
});
