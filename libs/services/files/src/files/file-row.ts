import { Errors, FileAccessPolicy, FileStatus, FileTagFilter } from '@platform/contracts';

/** A file as the `files.files` table keeps it. */
export interface FileRow {
  botId: string;
  id: string;
  key: string;
  contentType: string;
  declaredSize: number;
  size: number | null;
  tags: Record<string, string>;
  metadata: Record<string, unknown>;
  accessPolicies: FileAccessPolicy[];
  index: boolean;
  indexing: Record<string, unknown> | null;
  status: FileStatus;
  failedStatusReason: string | null;
  owner: { type: 'bot' | 'integration' | 'user'; id?: string; name?: string; alias?: string };
  expiresAt: Date | null;
  blob: string | null;
  uploadId: string | null;
  pendingPassages: PassageInputRow[] | null;
  indexed: boolean;
  /** The text search configuration of its passages, once indexed. */
  language: string | null;
  /** The model (and vector length) its passages' embeddings come from; none when they have none. */
  embeddingModel: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PassageInputRow {
  content: string;
  type?: string;
  pageNumber?: number;
}

const COLUMNS: Record<keyof FileRow, string> = {
  botId: 'bot_id',
  id: 'id',
  key: 'key',
  contentType: 'content_type',
  declaredSize: 'declared_size',
  size: 'size',
  tags: 'tags',
  metadata: 'metadata',
  accessPolicies: 'access_policies',
  index: 'index',
  indexing: 'indexing',
  status: 'status',
  failedStatusReason: 'failed_status_reason',
  owner: 'owner',
  expiresAt: 'expires_at',
  blob: 'blob',
  uploadId: 'upload_id',
  pendingPassages: 'pending_passages',
  indexed: 'indexed',
  language: 'language',
  embeddingModel: 'embedding_model',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** `"bot_id" AS "botId", …` for a table alias. */
export const FILE_SELECT = (alias = 'f') =>
  Object.entries(COLUMNS)
    .map(([field, column]) => (field === 'language' ? `${alias}."${column}"::text AS "${field}"` : `${alias}."${column}" AS "${field}"`))
    .join(', ');

/** Postgres answers bigint as a string. */
export function fileFromRow(row: Record<string, unknown>): FileRow {
  const file = row as unknown as FileRow;
  return {
    ...file,
    declaredSize: Number(file.declaredSize),
    size: file.size === null ? null : Number(file.size),
  };
}

/**
 * SQL conditions for a tag filter on a jsonb column, with their parameters numbered from
 * `first`: each key holds one of the values given, or none of those under `not`.
 */
export function tagFilterSql(column: string, filter: FileTagFilter | undefined, first: number): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  for (const [key, condition] of Object.entries(filter ?? {})) {
    const negate = typeof condition === 'object' && !Array.isArray(condition);
    const values = negate ? (condition as { not: string | string[] }).not : (condition as string | string[]);
    const list = Array.isArray(values) ? values : [values];
    params.push(key, list);
    const k = `$${first + params.length - 2}`;
    const v = `$${first + params.length - 1}::text[]`;
    sql.push(negate ? `(${column}->>${k} IS NULL OR NOT (${column}->>${k} = ANY(${v})))` : `${column}->>${k} = ANY(${v})`);
  }
  return { sql, params };
}

/** Page tokens of the files API: the offset of the next page. */
export function offsetOf(nextToken: string | undefined): number {
  if (!nextToken) return 0;
  const match = /^o:(\d{1,8})$/.exec(Buffer.from(nextToken, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : -1;
  if (offset < 0) throw Errors.invalidPayload('nextToken is not a token this API gave');
  return offset;
}

export function tokenOf(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

/** The rows of an UPDATE or DELETE … RETURNING, whichever shape the driver answers in. */
export function returnedRows(result: unknown): Array<Record<string, unknown>> {
  const value = result as unknown[];
  return (Array.isArray(value[0]) ? value[0] : value) as Array<Record<string, unknown>>;
}

/**
 * The files an integration may read: its own, and those whose `integrations` access policy lets
 * every integration of the bot read them. The bot itself (no integration) reads every file.
 */
export function visibleTo(file: FileRow, integrationAlias: string | undefined): boolean {
  return integrationAlias === undefined || ownedBy(file, integrationAlias) || file.accessPolicies.includes('integrations');
}

/** What an integration may change: only its own files. */
export function ownedBy(file: FileRow, integrationAlias: string | undefined): boolean {
  return integrationAlias === undefined || (file.owner.type === 'integration' && file.owner.alias === integrationAlias);
}

/** `visibleTo` as an SQL condition on a files alias, its parameter numbered `index`. */
export function visibilitySql(alias: string, index: number): string {
  return `(${alias}."owner"->>'alias' = $${index} OR 'integrations' = ANY(${alias}."access_policies"))`;
}
