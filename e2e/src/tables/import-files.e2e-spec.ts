import { gzipSync } from 'node:zlib';
import { Client } from '@botpress/client';
import { client, sql } from '@platform/testing';
import { downloaded, invalidPayload, notFound, PEOPLE_SCHEMA, settled, tableName, tablesBot } from './support';

/** The values of the people columns of a table's rows, in id order. */
async function people(tables: Client, table: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await tables.findTableRows({ table, limit: 1000, orderBy: 'id' });
  return rows.map(({ name, age, active, born, address }) => ({ name, age, active, born, address }));
}

const ANN = { name: 'Ann, "the first"', age: 31, active: true, born: '1990-01-02T03:04:05.000Z', address: { city: 'Paris' } };
const BOB = { name: 'Bob\nStone', age: null, active: false, born: null, address: null };

/** Imports the file into a new table of the people schema; answers the table and the settled job. */
async function importInto(tables: Client, fileId: string) {
  const table = tableName('imp');
  await tables.createTable({ name: table, schema: PEOPLE_SCHEMA });
  const { job } = await tables.importTable({ table, fileId });
  expect(job).toMatchObject({ type: 'import', status: 'pending', inputFileId: fileId, outputFileId: null });
  return { table, job: await settled(tables, table, job.id) };
}

const failure = async (jobId: string) => (await sql<{ error: string }>(`SELECT "error" FROM "tables"."jobs" WHERE "id" = $1`, [jobId]))[0].error;

describe('importing files uploaded to the Files API', () => {
  let tables: Client;

  beforeAll(async () => {
    ({ tables } = await tablesBot());
  });

  it('imports a CSV file uploaded with uploadFile, into a table keeping its rows', async () => {
    const csv =
      'name,age,active,born,address,unknown\r\n"Ann, ""the first""",31,true,1990-01-02T03:04:05.000Z,"{""city"":""Paris""}",x\r\n"Bob\nStone",,false,,,y\r\n';
    const { file } = await tables.uploadFile({ key: 'people.csv', content: csv });
    const table = tableName('imp');
    await tables.createTable({ name: table, schema: PEOPLE_SCHEMA });
    await tables.createTableRows({ table, rows: [{ name: 'Zed' }] });
    const { job } = await tables.importTable({ table, fileId: file.id });
    expect(await settled(tables, table, job.id)).toMatchObject({ status: 'completed', progress: 1, inputFileId: file.id, outputFileId: null });
    expect(await people(tables, table)).toEqual([{ name: 'Zed', age: null, active: null, born: null, address: null }, ANN, BOB]);
  });

  it('imports gzipped JSON and gzipped CSV, told from their first bytes', async () => {
    const json = await tables.uploadFile({
      key: 'people.json.gz',
      contentType: 'application/gzip',
      content: gzipSync(JSON.stringify([ANN, { name: BOB.name, active: false }])),
    });
    const fromJson = await importInto(tables, json.file.id);
    expect(fromJson.job.status).toBe('completed');
    expect(await people(tables, fromJson.table)).toEqual([ANN, BOB]);
    const csv = await tables.uploadFile({ key: 'people.csv.gz', content: gzipSync('name,age\nCid,7\n') });
    const fromCsv = await importInto(tables, csv.file.id);
    expect(await people(tables, fromCsv.table)).toEqual([{ name: 'Cid', age: 7, active: null, born: null, address: null }]);
  });

  it('imports an export downloaded and uploaded again, as any other file', async () => {
    const source = tableName('src');
    await tables.createTable({ name: source, schema: PEOPLE_SCHEMA });
    await tables.createTableRows({ table: source, rows: [ANN, { name: BOB.name, active: false }] });
    const { job } = await tables.exportTable({ table: source, format: 'json', compress: true });
    const exported = await settled(tables, source, job.id);
    const { bytes } = await downloaded(tables, exported.outputFileId!);
    const { file } = await tables.uploadFile({ key: 'backup.json.gz', content: bytes });
    const { table, job: imported } = await importInto(tables, file.id);
    expect(imported.status).toBe('completed');
    expect(await people(tables, table)).toEqual([ANN, BOB]);
  });

  it("refuses another bot's file and an unknown file (404), and a file whose content never came (400)", async () => {
    const table = tableName();
    await tables.createTable({ name: table, schema: PEOPLE_SCHEMA });
    const other = await tablesBot();
    const { file: theirs } = await other.tables.uploadFile({ key: 'people.csv', content: 'name\nEve\n' });
    await notFound(tables.importTable({ table, fileId: theirs.id }));
    await notFound(tables.importTable({ table, fileId: 'file_01NOPE' }));
    const { file: pending } = await tables.upsertFile({ key: 'later.csv', size: 10 });
    const refused = await invalidPayload(tables.importTable({ table, fileId: pending.id }));
    expect(refused.message).toMatch(/no content/);
    expect((await tables.getTableJobs({ table })).jobs).toEqual([]);
  });

  it('fails the job of a malformed file with the reason, writing none of its rows', async () => {
    // More rows than one batch is written in before the bad one: all or nothing holds across batches.
    const good = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ name: `n${i}` }));
    const cases: Array<[string, Buffer, RegExp]> = [
      ['broken.json', Buffer.from(`[${good.join(',')},{"name": }]`), /^Row 1500: not valid JSON/],
      ['cut.json.gz', gzipSync(`[${good.join(',')},{"name":"x"`), /ends before its value does/],
      ['garbage.gz', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]), /not valid gzip/],
      ['binary.bin', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0xfd, 0x00]), /not UTF-8 text/],
      ['other.csv', Buffer.from('colour,size\nred,3\n'), /names none of the table's columns/],
      ['typed.csv', Buffer.from('name,age\nAnn,31\nBob,old\n'), /^Row 1: column 'age' is of type number/],
    ];
    for (const [key, content, reason] of cases) {
      const { file } = await tables.uploadFile({ key, content });
      const { table, job } = await importInto(tables, file.id);
      expect({ key, status: job.status }).toEqual({ key, status: 'failed' });
      expect(await failure(job.id)).toMatch(reason);
      expect((await tables.getTable({ table })).rows).toBe(0);
    }
  });
});

describe('jobs asked through an integration', () => {
  it('export to a file the integration owns, and import only files it may read', async () => {
    const { botId, admin, tables } = await tablesBot();
    await admin.updateBot({ id: botId, integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: {} } } });
    const integration = client({ botId, integrationAlias: 'webchat' });
    const table = tableName();
    await tables.createTable({ name: table, schema: PEOPLE_SCHEMA });
    await tables.createTableRows({ table, rows: [{ name: 'Ann' }] });
    const { job } = await integration.exportTable({ table, format: 'csv', compress: false });
    const { outputFileId } = await settled(tables, table, job.id);
    const { file, text } = await downloaded(integration, outputFileId!);
    expect(file.owner).toMatchObject({ type: 'integration', alias: 'webchat' });
    expect(text).toContain('Ann');
    const { file: botsOwn } = await tables.uploadFile({ key: 'bot-only.csv', content: 'name\nEve\n' });
    await notFound(integration.importTable({ table, fileId: botsOwn.id }));
    const { job: imported } = await integration.importTable({ table, fileId: outputFileId! });
    expect(await settled(tables, table, imported.id)).toMatchObject({ status: 'completed' });
    expect((await tables.getTable({ table })).rows).toBe(2);
  });
});
