import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { BotAccess } from '@platform/bot-access';
import { ExportTableQuery, newId } from '@platform/contracts';
import { RequestContext } from '@platform/logging';
import { columnsOf } from '../common/table-schema';
import { checkRow } from '../rows/row-values';
import { rowView } from '../rows/row-view';
import { RowsRepository } from '../rows/rows.repository';
import { TablesRepository } from '../tables/tables.repository';
import { TablesService } from '../tables/tables.service';
import { BotFiles, FilesOf } from './bot-files';
import { importedRows } from './import-file';
import { JobRow, JobsRepository } from './jobs.repository';
import { csvLine } from './table-files';

/** Rows written per statement of an import. */
const PAGE = 1000;
/** Rows read per page of an export: what an export holds in memory at once. */
const EXPORT_PAGE = 250;
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
    // The file of an export is a file of the bot once the export completed, not before.
    outputFileId: job.status === 'completed' ? job.output_file_id : null,
    createdAt: new Date(job.created_at).toISOString(),
    updatedAt: new Date(job.updated_at).toISOString(),
  };
}

/** What a job keeps of who asked for it: the integration a request came through owns the export, and reads only the files it may. */
function askedBy(access: BotAccess): Pick<FilesOf, 'integration'> {
  const integration = access.integration;
  return integration ? { integration: { alias: integration.alias, integrationId: integration.integrationId } } : {};
}

function filesOf(job: JobRow): FilesOf {
  const integration = job.options.integration as FilesOf['integration'];
  return { botId: job.bot_id, ...(integration ? { integration } : {}) };
}

/**
 * Exports and imports, run as jobs in the background of the replica that was asked (a pending job
 * left by a stopped replica is taken by the next one to start). Both stream through files of the
 * bot in the files service: an export writes the table a page at a time into a new file, an import
 * reads a file the bot uploaded chunk by chunk.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('TableJobs');

  constructor(
    private readonly jobs: JobsRepository,
    private readonly tables: TablesService,
    private readonly rows: RowsRepository,
    private readonly tableRecords: TablesRepository,
    private readonly files: BotFiles,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.jobs.failAbandoned(ABANDONED_MS);
      for (const id of await this.jobs.pending(100)) this.start(() => this.run(id));
    } catch (error) {
      this.logger.warn(`Could not look for pending jobs: ${(error as Error).message}`);
    }
    // In the background: the files service may not be up yet; what is left is tried at the next start.
    this.start(() => this.removeUnfinishedFiles());
  }

  async export(access: BotAccess, nameOrId: string, query: ExportTableQuery) {
    const table = await this.tables.require(access.botId, nameOrId);
    const job = await this.jobs.insert({
      id: newId('job'),
      bot_id: access.botId,
      table_id: table.id,
      type: 'export',
      options: { format: query.format ?? 'json', compress: query.compress ?? true, ...askedBy(access) },
      input_file_id: null,
    });
    this.start(() => this.run(job.id));
    return { job: jobView(job) };
  }

  async import(access: BotAccess, nameOrId: string, fileId: string) {
    const table = await this.tables.require(access.botId, nameOrId);
    const asked = askedBy(access);
    // A file that is not there, not the bot's or never uploaded is refused now, not as a failed job.
    await this.files.open({ botId: access.botId, ...asked }, fileId);
    const job = await this.jobs.insert({
      id: newId('job'),
      bot_id: access.botId,
      table_id: table.id,
      type: 'import',
      options: { ...asked },
      input_file_id: fileId,
    });
    this.start(() => this.run(job.id));
    return { job: jobView(job) };
  }

  async list(access: BotAccess, nameOrId: string) {
    const table = await this.tables.require(access.botId, nameOrId);
    return { jobs: (await this.jobs.recent(table.id)).map(jobView) };
  }

  /**
   * Runs work soon, in this process, apart from the request that set it going: the request's
   * deadline does not bound a job, which outlives it.
   */
  private start(work: () => Promise<void>): void {
    RequestContext.detached(() => setImmediate(() => void work()));
  }

  /** Runs the job if this replica is the one that claims it. */
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

  /** Streams the table, a page at a time through one gzip stream, into a new file of the bot. */
  private async runExport(job: JobRow): Promise<string> {
    const table = await this.tables.require(job.bot_id, job.table_id);
    const columns = columnsOf(table.schema);
    const format = job.options.format === 'csv' ? 'csv' : 'json';
    const compress = job.options.compress !== false;
    const total = Math.max(1, await this.tableRecords.rowCount(table.id));
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
    // pipeline, not pipe: a failure reading the table fails the compressed stream too.
    const output: Readable = compress ? pipeline(source, createGzip({ chunkSize: 64 * 1024 }), () => undefined) : source;
    const key = `tables/${table.name}-export-${job.id}.${format}${compress ? '.gz' : ''}`;
    const contentType = compress ? 'application/gzip' : format === 'csv' ? 'text/csv' : 'application/json';
    let fileId: string | undefined;
    try {
      return await this.files.write(filesOf(job), key, contentType, bytesOf(output), {
        opened: async (id) => {
          fileId = id;
          await this.jobs.setOutput(job.id, id);
        },
        wanted: () => this.jobs.exists(job.id),
      });
    } catch (error) {
      if (fileId) await this.removeUnfinishedFile(job.id, job.bot_id, fileId);
      throw error;
    }
  }

  /**
   * Reads the file and inserts its rows in one transaction, everything through the transaction's
   * connection (an embedded database has one session: another connection would wait for it).
   * The file is located before the transaction begins, as that asks the files service, which
   * uses the database too. Its progress shows once it is done: within the transaction it would
   * not be seen anyway.
   */
  private async runImport(job: JobRow): Promise<null> {
    const table = await this.tables.require(job.bot_id, job.table_id);
    const columns = columnsOf(table.schema);
    const content = await this.files.read(filesOf(job), job.input_file_id!);
    await this.rows.transaction(async (manager) => {
      await this.rows.lockTable(table.id, manager);
      // What an import holds is a chunk of the file, its inflated text, the row being read and a batch of rows.
      let batch: Array<Record<string, unknown>> = [];
      let count = 0;
      for await (const row of importedRows(content, columns)) {
        batch.push(checkRow(row, count++, columns, true, table.factor).data);
        if (batch.length >= PAGE) {
          await this.rows.insert(table.id, batch, columns, manager, false);
          batch = [];
        }
      }
      await this.rows.insert(table.id, batch, columns, manager, false);
    });
    return null;
  }

  /** Removes the files of exports that failed (or were interrupted) before their file was complete. */
  private async removeUnfinishedFiles(): Promise<void> {
    try {
      for (const job of await this.jobs.unfinishedOutputs(100)) await this.removeUnfinishedFile(job.id, job.bot_id, job.output_file_id!);
    } catch (error) {
      this.logger.warn(`Could not look for unfinished export files: ${(error as Error).message}`);
    }
  }

  /** The file goes, and the job forgets it; if the files service cannot be reached, the next start tries again. */
  private async removeUnfinishedFile(jobId: string, botId: string, fileId: string): Promise<void> {
    try {
      await this.files.abandon(botId, fileId);
      await this.jobs.clearOutput(jobId);
    } catch (error) {
      this.logger.warn(`Could not remove the unfinished file ${fileId} of job ${jobId}: ${(error as Error).message}`);
    }
  }
}

/** A stream's chunks as bytes (the export's text is strings when not compressed). */
async function* bytesOf(stream: Readable): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}
