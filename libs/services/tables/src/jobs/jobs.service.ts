import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BotAccess } from '@platform/bot-access';
import { Errors, ExportTableQuery, newId } from '@platform/contracts';
import { columnsOf, TableSchema } from '../common/table-schema';
import { checkRow } from '../rows/row-values';
import { rowView } from '../rows/row-view';
import { RowsRepository } from '../rows/rows.repository';
import { TablesRepository } from '../tables/tables.repository';
import { TablesService } from '../tables/tables.service';
import { JobRow, JobsRepository } from './jobs.repository';
import { csvLine, CsvReader, fromCsvCell } from './table-files';

/** Rows written per statement of an import. */
const PAGE = 1000;
/** Rows read per page of an export: what an export holds in memory at once. */
const EXPORT_PAGE = 250;
/** Size of the parts a file is stored in. */
const PART_BYTES = 256 * 1024;
/** Longest line of a JSON export accepted by an import (one row, at most factor 30 × 4 KB, with room). */
const MAX_LINE = 1024 * 1024;
/** How often a running job records its progress. */
const PROGRESS_EVERY_MS = 250;
/** A job whose replica has not touched it for this long was interrupted. */
const ABANDONED_MS = 5 * 60 * 1000;

export function jobView(job: JobRow): Record<string, unknown> {
  return {
    id: job.id,
    botId: job.bot_id,
    tableId: job.table_id,
    type: job.type,
    status: job.status,
    progress: Number(job.progress),
    inputFileId: job.input_file_id,
    outputFileId: job.output_file_id,
    createdAt: new Date(job.created_at).toISOString(),
    updatedAt: new Date(job.updated_at).toISOString(),
  };
}

/**
 * Exports and imports, run as jobs in the background of the replica that was asked (a pending job
 * left by a stopped replica is taken by the next one to start). Both stream: an export writes the
 * table a page at a time into a file of 256 KB parts, an import reads such a file part by part.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('TableJobs');

  constructor(
    private readonly jobs: JobsRepository,
    private readonly tables: TablesService,
    private readonly rows: RowsRepository,
    private readonly tableRecords: TablesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.jobs.failAbandoned(ABANDONED_MS);
      for (const id of await this.jobs.pending(100)) this.start(id);
    } catch (error) {
      this.logger.warn(`Could not look for pending jobs: ${(error as Error).message}`);
    }
  }

  async export(access: BotAccess, nameOrId: string, query: ExportTableQuery) {
    const table = await this.tables.require(access.botId, nameOrId);
    const job = await this.jobs.insert({
      id: newId('job'),
      bot_id: access.botId,
      table_id: table.id,
      type: 'export',
      options: { format: query.format ?? 'json', compress: query.compress ?? true },
      input_file_id: null,
    });
    this.start(job.id);
    return { job: jobView(job) };
  }

  async import(access: BotAccess, nameOrId: string, fileId: string) {
    const table = await this.tables.require(access.botId, nameOrId);
    if (!(await this.jobs.fileExists(fileId, access.botId))) throw Errors.notFound('File', fileId);
    const job = await this.jobs.insert({ id: newId('job'), bot_id: access.botId, table_id: table.id, type: 'import', options: {}, input_file_id: fileId });
    this.start(job.id);
    return { job: jobView(job) };
  }

  async list(access: BotAccess, nameOrId: string) {
    const table = await this.tables.require(access.botId, nameOrId);
    return { jobs: (await this.jobs.recent(table.id)).map(jobView) };
  }

  /** Runs the job soon, in this process; whichever replica claims it first runs it. */
  private start(id: string): void {
    setImmediate(() => void this.run(id));
  }

  private async run(id: string): Promise<void> {
    const job = await this.jobs.claim(id).catch(() => null);
    if (!job) return;
    try {
      const output = job.type === 'export' ? await this.runExport(job) : await this.runImport(job);
      await this.jobs.finish(job.id, 'completed', output, null);
    } catch (error) {
      this.logger.warn(`Job ${job.id} (${job.type}) failed: ${(error as Error).message}`);
      await this.jobs.finish(job.id, 'failed', null, (error as Error).message.slice(0, 1000)).catch(() => undefined);
    }
  }

  private async runExport(job: JobRow): Promise<string> {
    const table = await this.tables.require(job.bot_id, job.table_id);
    const columns = columnsOf(table.schema);
    const format = job.options.format === 'csv' ? 'csv' : 'json';
    const total = Math.max(1, await this.tableRecords.rowCount(table.id));
    const fileId = newId('file');
    const writer = new PartWriter((part, bytes) => this.jobs.writePart(fileId, job.bot_id, part, bytes));
    const rows = this.rows;
    const jobs = this.jobs;
    // A page of text at a time, pulled by the compressor as it goes: one page in memory at once.
    async function* text(): AsyncGenerator<string> {
      yield format === 'csv'
        ? csvLine(['id', 'createdAt', 'updatedAt', ...columns.map((c) => c.name)])
        : `{"schema":${JSON.stringify(table.schema)},"rows":[\n`;
      let done = 0;
      let reported = Date.now();
      for await (const page of rows.stream(table.id, EXPORT_PAGE)) {
        const lines = page.map((row, i) => {
          const view = rowView(row, columns);
          if (format === 'csv') return csvLine([view.id, view.createdAt, view.updatedAt, ...columns.map((c) => view[c.name])]);
          return `${done + i > 0 ? ',' : ''}${JSON.stringify(view)}\n`;
        });
        yield lines.join('');
        done += page.length;
        if (Date.now() - reported >= PROGRESS_EVERY_MS) {
          reported = Date.now();
          await jobs.progress(job.id, Math.min(0.99, done / total));
        }
      }
      if (format === 'json') yield ']}\n';
    }
    const source = Readable.from(text(), { highWaterMark: 1 });
    const output: Readable = job.options.compress !== false ? source.pipe(createGzip()) : source;
    for await (const chunk of output) await writer.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    await writer.end();
    return fileId;
  }

  /**
   * Reads the file and inserts its rows in one transaction, everything through the transaction's
   * connection (an embedded database has one session: another connection would wait for it).
   * Its progress shows once it is done: within the transaction it would not be seen anyway.
   */
  private async runImport(job: JobRow): Promise<null> {
    const table = await this.tables.require(job.bot_id, job.table_id);
    const columns = columnsOf(table.schema);
    const first = await peek(this.jobs.readFile(job.input_file_id!, job.bot_id));
    await this.rows.transaction(async (manager) => {
      await this.rows.lockTable(table.id, manager);
      // One part at a time in flight: what an import holds is a part, its inflated text and a batch of rows.
      const source = Readable.from(this.jobs.readFile(job.input_file_id!, job.bot_id, manager), { highWaterMark: 1 });
      const input = first[0] === 0x1f && first[1] === 0x8b ? source.pipe(createGunzip({ chunkSize: 64 * 1024 })) : source;
      input.setEncoding('utf8');
      let batch: Array<Record<string, unknown>> = [];
      let count = 0;
      const flush = async () => {
        await this.rows.insert(table.id, batch, columns, manager, false);
        batch = [];
      };
      const add = async (row: Record<string, unknown>) => {
        batch.push(checkRow(row, count++, columns, true, table.factor).data);
        if (batch.length >= PAGE) await flush();
      };
      const chunks = input[Symbol.asyncIterator]() as AsyncIterator<string>;
      const start = await chunks.next();
      const text = (start.value as string | undefined) ?? '';
      const all = prepend(text, chunks);
      if (text.trimStart().startsWith('{')) {
        await this.importJson(all, add);
      } else {
        await this.importCsv(all, columns, add);
      }
      await flush();
    });
    return null;
  }

  /** A JSON export: a first line with the schema, then one row per line. */
  private async importJson(input: AsyncIterable<string>, add: (row: Record<string, unknown>) => Promise<void>): Promise<void> {
    const lines = createInterface({ input: Readable.from(input, { highWaterMark: 1 }), crlfDelay: Infinity });
    let header = true;
    for await (const raw of lines) {
      if (raw.length > MAX_LINE) throw new Error(`A line of the file is longer than ${MAX_LINE} characters`);
      const line = raw.trim();
      if (header) {
        if (!line.startsWith('{"schema":') || !line.endsWith('"rows":[')) throw new Error('Not a table export: a JSON import starts with {"schema":…,"rows":[');
        JSON.parse(`${line}]}`) as { schema: TableSchema };
        header = false;
        continue;
      }
      if (line === ']}' || line === '') continue;
      const row = JSON.parse(line.startsWith(',') ? line.slice(1) : line) as Record<string, unknown>;
      await add(row);
    }
  }

  private async importCsv(
    input: AsyncIterable<string>,
    columns: ReturnType<typeof columnsOf>,
    add: (row: Record<string, unknown>) => Promise<void>,
  ): Promise<void> {
    const reader = new CsvReader();
    let header: string[] | undefined;
    const take = async (records: string[][]) => {
      for (const record of records) {
        if (!header) {
          header = record;
          continue;
        }
        const row: Record<string, unknown> = {};
        record.forEach((cell, i) => {
          const column = columns.find((c) => c.name === header![i]);
          if (column) row[column.name] = fromCsvCell(cell, column);
        });
        await add(row);
      }
    };
    for await (const chunk of input) await take(reader.push(chunk));
    await take(reader.end());
  }
}

/** Collects bytes into parts of PART_BYTES, storing each as soon as it is full. */
class PartWriter {
  private buffered: Buffer[] = [];
  private size = 0;
  private part = 0;

  constructor(private readonly store: (part: number, bytes: Buffer) => Promise<void>) {}

  async write(bytes: Buffer): Promise<void> {
    this.buffered.push(bytes);
    this.size += bytes.length;
    while (this.size >= PART_BYTES) {
      const all = Buffer.concat(this.buffered);
      await this.store(this.part++, all.subarray(0, PART_BYTES));
      this.buffered = [all.subarray(PART_BYTES)];
      this.size = all.length - PART_BYTES;
    }
  }

  async end(): Promise<void> {
    if (this.size > 0 || this.part === 0) await this.store(this.part++, Buffer.concat(this.buffered));
  }
}

async function peek(parts: AsyncGenerator<Buffer>): Promise<Buffer> {
  const { value } = await parts.next();
  await parts.return(undefined);
  return (value as Buffer | undefined) ?? Buffer.alloc(0);
}

async function* prepend(start: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  if (start) yield start;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
