import { Client } from '@botpress/client';
import { rssMb } from '@platform/testing';

/** Rows of the measured table, as the issue asks. */
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 100_000);
const BATCH = 1000;
/** Requests per measured query (one after the other: latency, not throughput). */
const SAMPLES = Number(process.env.BENCH_TABLE_SAMPLES ?? 20);

export interface TablesFigures {
  rows: number;
  insertRowsPerSecond: number;
  queries: Array<{ name: string; p50: number; p90: number; returned: number }>;
  exportMs: number;
  /** Size of the export's file, as the Files API tells it. */
  exportBytes: number;
  exportRssGrowthMb: number;
  importMs: number;
  importRssGrowthMb: number;
}

const WORDS = ['red', 'blue', 'green', 'steel', 'wooden', 'large', 'small', 'lamp', 'chair', 'table', 'widget', 'gadget', 'kettle', 'clock', 'mirror'];

function product(i: number): Record<string, unknown> {
  return {
    sku: `sku-${i}`,
    category: `c${i % 50}`,
    price: (i * 7919) % 1000,
    qty: i % 1000,
    title: `${WORDS[i % 15]} ${WORDS[(i * 7) % 15]} ${WORDS[(i * 13) % 15]} model ${i}`,
  };
}

/** Runs `work` while sampling the process's RSS; answers its duration and peak growth over the RSS before. */
async function watched(pid: number | undefined, work: () => Promise<void>): Promise<{ ms: number; growthMb: number }> {
  const before = pid ? rssMb(pid) : 0;
  let peak = before;
  const timer = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20) : undefined;
  const started = Date.now();
  try {
    await work();
  } finally {
    if (timer) clearInterval(timer);
  }
  if (pid) peak = Math.max(peak, rssMb(pid));
  return { ms: Date.now() - started, growthMb: peak - before };
}

async function job(tables: Client, table: string, id: string): Promise<string | null> {
  for (let i = 0; i < 6000; i++) {
    const found = (await tables.getTableJobs({ table })).jobs.find((j) => j.id === id);
    if (found?.status === 'completed') return found.outputFileId ?? null;
    if (found?.status === 'failed') throw new Error(`Job ${id} failed`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Job ${id} did not finish in time`);
}

/**
 * The tables API on a table of 100,000 rows: inserts in batches of 1,000 (rows/s), findTableRows
 * with a filter on the indexed key column and on a column with no index, with search and with
 * group (latency), and the tables service's memory while it exports the table to a file of the
 * Files API and imports that file into another table.
 */
export async function measureTables(baseUrl: string, token: string, tablesPid?: number): Promise<TablesFigures> {
  const base = new Client({ apiUrl: baseUrl, token });
  const { workspaces } = await base.listWorkspaces({});
  const admin = new Client({ apiUrl: baseUrl, token, workspaceId: workspaces[0].id });
  const { bot } = await admin.createBot({ name: 'tables bench bot' });
  const tables = new Client({ apiUrl: baseUrl, token, botId: bot.id, timeout: 600_000 });
  const table = 'productsTable';
  await tables.createTable({
    name: table,
    keyColumn: 'sku',
    schema: {
      type: 'object',
      properties: {
        sku: { type: 'string' },
        category: { type: 'string' },
        price: { type: 'number' },
        qty: { type: 'number' },
        title: { type: 'string', 'x-zui': { searchable: true } },
      },
    },
  });

  const started = Date.now();
  for (let first = 0; first < ROWS; first += BATCH) {
    await tables.createTableRows({ table, rows: Array.from({ length: Math.min(BATCH, ROWS - first) }, (_, i) => product(first + i)) });
  }
  const insertRowsPerSecond = ROWS / ((Date.now() - started) / 1000);

  const queries: TablesFigures['queries'] = [];
  const query = async (name: string, body: (i: number) => Omit<Parameters<Client['findTableRows']>[0], 'table'>) => {
    await tables.findTableRows({ table, ...body(0) }); // warm-up
    const times: number[] = [];
    let returned = 0;
    for (let i = 1; i <= SAMPLES; i++) {
      const t = process.hrtime.bigint();
      const { rows } = await tables.findTableRows({ table, ...body(i) });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      returned = rows.length;
    }
    times.sort((a, b) => a - b);
    queries.push({ name, p50: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], returned });
  };
  await query('filter on the key column (indexed)', (i) => ({ filter: { sku: `sku-${(i * 4999) % ROWS}` } }));
  await query('filter on qty (no index), limit 100', (i) => ({ filter: { qty: { $eq: (i * 37) % 1000 } } }));
  await query('filter on price range and category (no index), limit 100', (i) => ({ filter: { price: { $gte: 400 + i, $lt: 450 + i }, category: 'c7' } }));
  await query('search (trigram similarity), limit 20', (i) => ({ search: `${WORDS[i % 15]} kettle`, limit: 20 }));
  await query('group by category: count, sum, avg', () => ({ group: { category: 'key', price: ['count', 'sum', 'avg'] } }));

  let fileId: string | null = null;
  const exported = await watched(tablesPid, async () => {
    const { job: started } = await tables.exportTable({ table, format: 'json', compress: true });
    fileId = await job(tables, table, started.id);
  });
  // The export is a file of the bot in the Files API, which the import then reads.
  const { file } = await tables.getFile({ id: fileId! });
  if (file.status !== 'upload_completed' || !file.size) throw new Error(`The export's file is ${file.status}, ${file.size} bytes`);
  await tables.createTable({ name: 'importedTable', schema: (await tables.getTable({ table })).table.schema });
  const imported = await watched(tablesPid, async () => {
    const { job: started } = await tables.importTable({ table: 'importedTable', fileId: fileId! });
    await job(tables, 'importedTable', started.id);
  });
  const { rows: importedRows } = await tables.getTable({ table: 'importedTable' });
  if (importedRows !== ROWS) throw new Error(`The import wrote ${importedRows} rows of ${ROWS}`);
  await admin.deleteBot({ id: bot.id });
  return {
    rows: ROWS,
    insertRowsPerSecond,
    queries,
    exportMs: exported.ms,
    exportBytes: file.size,
    exportRssGrowthMb: exported.growthMb,
    importMs: imported.ms,
    importRssGrowthMb: imported.growthMb,
  };
}

export function tablesReport(f: TablesFigures): string {
  const lines = [
    `\nTables (mesh), a table of ${f.rows} rows: createTableRows in batches of ${BATCH}: ${f.insertRowsPerSecond.toFixed(0)} rows/s`,
    `| findTableRows (${SAMPLES} requests each) | p50 ms | p90 ms | rows answered |`,
    '|---|---:|---:|---:|',
    ...f.queries.map((q) => `| ${q.name} | ${q.p50.toFixed(1)} | ${q.p90.toFixed(1)} | ${q.returned} |`),
    `Export (JSON, gzip) to a file of the Files API (${(f.exportBytes / 1024 / 1024).toFixed(1)} MB): ${f.exportMs} ms, tables service RSS growth ${f.exportRssGrowthMb.toFixed(1)} MB; ` +
      `import of that file: ${f.importMs} ms, RSS growth ${f.importRssGrowthMb.toFixed(1)} MB`,
  ];
  return lines.join('\n') + '\n';
}
