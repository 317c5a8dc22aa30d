import { gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { Client, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { client, defaultWorkspaceId, expectClientError } from '@platform/testing';

/** A new bot of the default workspace, with a tables client that checks every answer against the reference. */
export async function tablesBot(): Promise<{ botId: string; workspaceId: string; tables: Client; admin: Client }> {
  const workspaceId = await defaultWorkspaceId();
  const admin = client({ workspaceId });
  const { bot } = await admin.createBot({ name: 'tables bot' });
  return { botId: bot.id, workspaceId, admin, tables: client({ botId: bot.id }) };
}

/** A table name no other test uses (names end with `Table`). */
export const tableName = (stem = 't') => `${stem}${randomBytes(4).toString('hex')}Table`;

export const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
export const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

/** A schema with one column of each type. */
export const PEOPLE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-zui': { searchable: true } },
    age: { type: 'number' },
    active: { type: 'boolean' },
    born: { type: 'string', format: 'date-time' },
    address: { type: 'object', properties: { city: { type: 'string' } } },
  },
  required: ['name'],
};

export type TableJob = Awaited<ReturnType<Client['getTableJobs']>>['jobs'][number];

/** The job once it is no longer pending or running (polled, bounded). */
export async function settled(tables: Client, table: string, jobId: string): Promise<TableJob> {
  for (let i = 0; i < 200; i++) {
    const job = (await tables.getTableJobs({ table })).jobs.find((j) => j.id === jobId);
    if (job && (job.status === 'completed' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Job ${jobId} did not finish`);
}

/** A file of the Files API as a client reads it: getFile, then its `url` fetched; the text inflated when gzipped. */
export async function downloaded(
  files: Client,
  id: string,
): Promise<{ file: Awaited<ReturnType<Client['getFile']>>['file']; bytes: Buffer; contentType: string | null; text: string }> {
  const { file } = await files.getFile({ id });
  const response = await fetch(file.url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  return { file, bytes, contentType: response.headers.get('content-type'), text };
}
