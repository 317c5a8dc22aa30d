import { Errors } from '@platform/contracts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageQuery {
  nextToken?: string;
  pageSize?: number;
}

export interface KeysetOrder {
  /** Entity property holding a Date, compared first. */
  sortProperty: string;
  /** Entity property holding the unique id, the tie-breaker. */
  idProperty?: string;
  direction?: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  nextToken?: string;
}

export interface Cursor {
  s: string;
  i: string;
}

/** The page size asked for, bounded to 1..MAX_PAGE_SIZE (DEFAULT_PAGE_SIZE when not given). */
export function clampPageSize(pageSize: number | undefined): number {
  return Math.min(Math.max(pageSize ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
}

/**
 * Cursors of keyset pages (`ListQuery.page`): the sort value and id of a page's last row, as
 * base64url JSON, opaque to callers.
 */
export function encodeCursor(sort: Date, id: string): string {
  return Buffer.from(JSON.stringify({ s: sort.toISOString(), i: id } satisfies Cursor)).toString('base64url');
}

/** The timestamp form `encodeCursor` writes: four-digit years only, so Postgres can always compare it. */
const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MAX_CURSOR_ID_LENGTH = 200;

/** The cursor a token holds; a forged or foreign token is a 400, never a wrong page. */
export function decodeCursor(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (isCursor(cursor)) return cursor;
  } catch {
    // falls through to the error below
  }
  throw Errors.invalidPayload('nextToken is not a valid pagination token');
}

/**
 * Whether a decoded token is one `encodeCursor` could have written. Anything else (another date
 * form, a date Postgres cannot hold, an id no row can have) would only fail in the database.
 */
function isCursor(cursor: unknown): cursor is Cursor {
  if (typeof cursor !== 'object' || cursor === null) return false;
  const { s, i } = cursor as Record<string, unknown>;
  if (typeof s !== 'string' || !CURSOR_TIMESTAMP.test(s)) return false;
  const date = new Date(s);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== s) return false;
  return typeof i === 'string' && i.length > 0 && i.length <= MAX_CURSOR_ID_LENGTH && !i.includes('\u0000');
}

/** The `meta` of a list response: `nextToken` only when another page follows. */
export function pageMeta(page: Page<unknown>): { nextToken?: string } {
  return page.nextToken ? { nextToken: page.nextToken } : {};
}
