import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Column } from '../common/table-schema';
import { JsonRowsReader } from './json-rows';
import { CsvReader, fromCsvCell } from './table-files';

/** Longest row of a file accepted by an import (one row, at most factor 30 × 4 KB, with room). */
const MAX_ROW = 1024 * 1024;

/**
 * The rows of a file to import, as its bytes arrive: gzipped or not (told by its first bytes),
 * then UTF-8 text holding JSON (an array of rows, or an export's object with its `rows`) or CSV
 * with a header naming the columns (told by its first character). What is held at once is one
 * chunk, its inflated text and the row being read; a file that cannot be read fails with the
 * reason.
 */
export async function* importedRows(content: AsyncIterable<Uint8Array>, columns: Column[]): AsyncGenerator<Record<string, unknown>> {
  const text = decoded(await inflated(content));
  const { first, rest } = await firstText(text);
  if (first === undefined) throw new Error('The file is empty');
  const start = first.trimStart()[0];
  yield* start === '[' || start === '{' ? jsonRows(prepend(first, rest)) : csvRows(prepend(first, rest), columns);
}

/** The content inflated if it starts with gzip's magic bytes, else as it is. */
async function inflated(content: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const chunks = content[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  // A first chunk may be a single byte: read until the two magic bytes are there, or the end.
  while (size < 2) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.byteLength;
  }
  const start = Buffer.concat(head);
  const all = prepend(start, chunks);
  if (start[0] !== 0x1f || start[1] !== 0x8b) return all;
  // One chunk in flight at a time from the store; gunzip hands on 64 KB at a time.
  // pipeline, not pipe: a failure reading the content fails the inflated stream too.
  const gunzip = pipeline(Readable.from(all, { highWaterMark: 1 }), createGunzip({ chunkSize: 64 * 1024 }), () => undefined);
  return (async function* () {
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      if (typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).code!.startsWith('Z_')) {
        throw new Error(`The file is not valid gzip: ${(error as Error).message}`);
      }
      throw error;
    }
  })();
}

/** UTF-8 text, a byte order mark left out; bytes that are not UTF-8 fail the import. */
async function* decoded(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of bytes) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const last = decoder.decode();
    if (last) yield last;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') throw new Error('The file is not UTF-8 text (nor gzipped UTF-8 text)');
    throw error;
  }
}

/** The text up to its first non-blank character (undefined for a blank file), and the iterator of the rest. */
async function firstText(text: AsyncIterable<string>): Promise<{ first: string | undefined; rest: AsyncIterator<string> }> {
  const rest = text[Symbol.asyncIterator]();
  let first = '';
  while (first.trim() === '') {
    const next = await rest.next();
    if (next.done) return { first: undefined, rest };
    first += next.value;
  }
  return { first, rest };
}

async function* jsonRows(text: AsyncIterable<string>): AsyncGenerator<Record<string, unknown>> {
  const reader = new JsonRowsReader(MAX_ROW);
  for await (const chunk of text) yield* reader.push(chunk);
  reader.end();
}

/** CSV: a header naming columns (others, like `id`, `createdAt` and `updatedAt` of an export, are skipped), then a row per record. */
async function* csvRows(text: AsyncIterable<string>, columns: Column[]): AsyncGenerator<Record<string, unknown>> {
  const reader = new CsvReader(MAX_ROW);
  let header: Array<Column | undefined> | undefined;
  const rows = function* (records: string[][]): Generator<Record<string, unknown>> {
    for (const record of records) {
      if (!header) {
        header = record.map((name) => columns.find((c) => c.name === name.trim()));
        if (!header.some((c) => c !== undefined)) {
          throw new Error(`The CSV header (${record.slice(0, 5).join(', ').slice(0, 200)}) names none of the table's columns`);
        }
        continue;
      }
      // A blank line is no row.
      if (record.length === 1 && record[0] === '') continue;
      const row: Record<string, unknown> = {};
      record.forEach((cell, i) => {
        const column = header![i];
        if (column) row[column.name] = fromCsvCell(cell, column);
      });
      yield row;
    }
  };
  for await (const chunk of text) yield* rows(reader.push(chunk));
  yield* rows(reader.end());
}

async function* prepend<T>(first: T, rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
