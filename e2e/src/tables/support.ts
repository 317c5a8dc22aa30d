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
