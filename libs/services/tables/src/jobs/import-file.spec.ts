import { gzipSync } from 'node:zlib';
import { Column } from '../common/table-schema';
import { importedRows } from './import-file';

const columns = [
  { name: 'name', type: 'string', nullable: true, required: false },
  { name: 'age', type: 'number', nullable: true, required: false },
] as Column[];

/** The bytes in chunks of `size`, as a store hands them out. */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function rowsOf(bytes: Buffer, size = 7): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const row of importedRows(chunked(bytes, size), columns)) rows.push(row);
  return rows;
}

describe('the rows of a file to import', () => {
  const csv = 'id,name,age,other\n1,Ann,31,x\n2,"Bob, Jr",,y\n';
  const expected = [{ name: 'Ann', age: 31 }, { name: 'Bob, Jr' }];

  it.each([1, 7, 4096])('reads CSV and JSON, gzipped or not, told by their first bytes (chunks of %i)', async (size) => {
    expect(await rowsOf(Buffer.from(csv), size)).toEqual(expected);
    expect(await rowsOf(gzipSync(csv), size)).toEqual(expected);
    const json = JSON.stringify(expected);
    expect(await rowsOf(Buffer.from(`\n  ${json}`), size)).toEqual(expected);
    expect(await rowsOf(gzipSync(json), size)).toEqual(expected);
  });

  it('leaves out a byte order mark, and blank lines of CSV', async () => {
    expect(await rowsOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name\r\nAnn\r\n\r\nBob\r\n')]))).toEqual([
      { name: 'Ann' },
      { name: 'Bob' },
    ]);
  });

  it('says why a file cannot be read', async () => {
    await expect(rowsOf(Buffer.from(''))).rejects.toThrow('The file is empty');
    await expect(rowsOf(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]))).rejects.toThrow(/not valid gzip/);
    await expect(rowsOf(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x00]))).rejects.toThrow(/not UTF-8 text/);
    await expect(rowsOf(Buffer.from('colour,size\nred,3\n'))).rejects.toThrow(/names none of the table's columns/);
    await expect(rowsOf(gzipSync('[{"name":"Ann"},'))).rejects.toThrow(/ends before its value does/);
  });
});
