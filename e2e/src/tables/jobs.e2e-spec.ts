import { Client } from '@botpress/client';
import { client, ISO_MS, secondAccount, sql } from '@platform/testing';
import { downloaded, invalidPayload, notFound, PEOPLE_SCHEMA, settled, tableName, tablesBot } from './support';

describe('table export and import jobs', () => {
  let tables: Client;
  let source: string;

  beforeAll(async () => {
    ({ tables } = await tablesBot());
    source = tableName('src');
    await tables.createTable({ name: source, schema: PEOPLE_SCHEMA });
    await tables.createTableRows({
      table: source,
      rows: [
        { name: 'Ann, "the first"', age: 31, address: { city: 'Paris' } },
        { name: 'Bob\nStone', age: 45, active: false, born: '1979-12-24T10:30:00.000Z' },
      ],
    });
  });

  it('exports a table as gzipped JSON with its schema, as a job seen through getTableJobs', async () => {
    const { job } = await tables.exportTable({ table: source, format: 'json' });
    expect(job).toEqual({
      id: expect.stringMatching(/^job_/),
      botId: expect.any(String),
      tableId: expect.stringMatching(/^table_/),
      type: 'export',
      status: 'pending',
      progress: 0,
      inputFileId: null,
      outputFileId: null,
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
    });
    const done = await settled(tables, source, job.id);
    expect(done).toMatchObject({ status: 'completed', progress: 1, outputFileId: expect.stringMatching(/^file_/) });
    // The export is a file of the bot in the Files API, read as any other.
    const { file, bytes, contentType, text } = await downloaded(tables, done.outputFileId!);
    expect(file).toMatchObject({
      id: done.outputFileId,
      key: `tables/${source}-export-${job.id}.json.gz`,
      contentType: 'application/gzip',
      size: bytes.length,
      status: 'upload_completed',
      index: false,
      owner: { type: 'bot' },
    });
    expect(contentType).toBe('application/gzip');
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const parsed = JSON.parse(text) as { schema: unknown; rows: Array<Record<string, unknown>> };
    expect(parsed.schema).toEqual((await tables.getTable({ table: source })).table.schema);
    expect(parsed.rows.map((r) => r.name)).toEqual(['Ann, "the first"', 'Bob\nStone']);
  });

  it('exports CSV uncompressed, quoting what needs it', async () => {
    const { job } = await tables.exportTable({ table: source, format: 'csv', compress: false });
    const done = await settled(tables, source, job.id);
    const { file, contentType, text } = await downloaded(tables, done.outputFileId!);
    expect(file).toMatchObject({ key: `tables/${source}-export-${job.id}.csv`, contentType: 'text/csv', size: Buffer.byteLength(text) });
    expect(contentType).toBe('text/csv');
    expect(text.split('\n')[0]).toBe('id,createdAt,updatedAt,name,age,active,born,address');
    expect(text).toContain('"Ann, ""the first""",31,,,"{""city"":""Paris""}"');
    expect(text).toContain('"Bob\nStone",45,false,1979-12-24T10:30:00.000Z,');
  });

  it.each(['json', 'csv'] as const)('imports a %s export into another table, with the same values', async (format) => {
    const { job } = await tables.exportTable({ table: source, format });
    const exported = await settled(tables, source, job.id);
    const target = tableName('dst');
    await tables.createTable({ name: target, schema: PEOPLE_SCHEMA });
    const imported = await tables.importTable({ table: target, fileId: exported.outputFileId! });
    expect(imported.job).toMatchObject({ type: 'import', status: 'pending', inputFileId: exported.outputFileId });
    expect(await settled(tables, target, imported.job.id)).toMatchObject({ status: 'completed' });
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ name, age, active, born, address }) => ({ name, age, active, born, address }));
    expect(strip((await tables.findTableRows({ table: target })).rows)).toEqual(strip((await tables.findTableRows({ table: source })).rows));
  });

  it('fails an import whose rows do not fit the table, writing none of them', async () => {
    const { job } = await tables.exportTable({ table: source, format: 'json' });
    const exported = await settled(tables, source, job.id);
    const target = tableName('strict');
    await tables.createTable({ name: target, schema: { name: { type: 'number' } } });
    const imported = await tables.importTable({ table: target, fileId: exported.outputFileId! });
    expect(await settled(tables, target, imported.job.id)).toMatchObject({ status: 'failed' });
    expect((await tables.getTable({ table: target })).rows).toBe(0);
  });

  it('refuses an unknown file, a bad format, and files of another bot', async () => {
    await notFound(tables.importTable({ table: source, fileId: 'file_nope' }));
    await invalidPayload(tables.exportTable({ table: source, format: 'xml' as never }));
    const { job } = await tables.exportTable({ table: source });
    const exported = await settled(tables, source, job.id);
    const other = await tablesBot();
    const theirs = tableName();
    await other.tables.createTable({ name: theirs, schema: PEOPLE_SCHEMA });
    await notFound(other.tables.importTable({ table: theirs, fileId: exported.outputFileId! }));
    await notFound(other.tables.getTableJobs({ table: source }));
    await notFound(other.tables.exportTable({ table: source }));
  });
});

describe('deleting a bot or a workspace', () => {
  it("removes the bot's tables, rows and exported files", async () => {
    const { botId, admin, tables } = await tablesBot();
    const name = tableName();
    const { table } = await tables.createTable({ name, schema: { v: { type: 'number' } }, keyColumn: 'v' });
    const keyIndex = `rows_key_${table.id.toLowerCase()}`;
    expect(await sql(`SELECT 1 FROM pg_indexes WHERE schemaname = 'tables' AND indexname = $1`, [keyIndex])).toHaveLength(1);
    await tables.createTableRows({ table: name, rows: [{ v: 1 }, { v: 2 }] });
    const { job } = await tables.exportTable({ table: name });
    const { outputFileId } = await settled(tables, name, job.id);
    expect(await sql(`SELECT 1 FROM "files"."files" WHERE "bot_id" = $1 AND "id" = $2`, [botId, outputFileId])).toHaveLength(1);
    await admin.deleteBot({ id: botId });
    expect(await sql(`SELECT 1 FROM "tables"."tables" WHERE "bot_id" = $1`, [botId])).toEqual([]);
    expect(await sql(`SELECT 1 FROM "files"."files" WHERE "bot_id" = $1`, [botId])).toEqual([]);
    expect(await sql(`SELECT 1 FROM pg_indexes WHERE schemaname = 'tables' AND indexname = $1`, [keyIndex])).toEqual([]);
  });

  it('removes the tables of every bot of a deleted workspace', async () => {
    const owner = await secondAccount();
    const admin = client({ token: owner.token, workspaceId: owner.workspaceId });
    const { bot } = await admin.createBot({ name: 'doomed' });
    const tables = client({ token: owner.token, botId: bot.id });
    await tables.createTable({ name: tableName(), schema: {} });
    expect(await sql(`SELECT 1 FROM "tables"."tables" WHERE "bot_id" = $1`, [bot.id])).toHaveLength(1);
    await admin.deleteWorkspace({ id: owner.workspaceId });
    expect(await sql(`SELECT 1 FROM "tables"."tables" WHERE "bot_id" = $1`, [bot.id])).toEqual([]);
  });
});
