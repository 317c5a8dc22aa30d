import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
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

interface Cursor {
  s: string;
  i: string;
}

/**
 * The one pagination helper: keyset pagination on (sort value, id), so pages stay stable while
 * rows are inserted. The cursor is opaque to callers (base64url JSON) and a forged or foreign one
 * is a 400, never a wrong page.
 */
export async function keysetPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  order: KeysetOrder,
  page: PageQuery,
): Promise<Page<T>> {
  const alias = query.alias;
  const idProperty = order.idProperty ?? 'id';
  const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
  const size = Math.min(Math.max(page.pageSize ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  if (page.nextToken !== undefined) {
    const cursor = decodeCursor(page.nextToken);
    const op = direction === 'ASC' ? '>' : '<';
    query.andWhere(`(${alias}.${order.sortProperty}, ${alias}.${idProperty}) ${op} (:keysetSort, :keysetId)`, {
      keysetSort: new Date(cursor.s),
      keysetId: cursor.i,
    });
  }
  query.orderBy(`${alias}.${order.sortProperty}`, direction).addOrderBy(`${alias}.${idProperty}`, direction).limit(size + 1);
  const rows = await query.getMany();
  if (rows.length <= size) return { items: rows };
  const items = rows.slice(0, size);
  const last = items[items.length - 1] as Record<string, unknown>;
  return { items, nextToken: encodeCursor(last[order.sortProperty] as Date, String(last[idProperty])) };
}

function encodeCursor(sort: Date, id: string): string {
  return Buffer.from(JSON.stringify({ s: sort.toISOString(), i: id } satisfies Cursor)).toString('base64url');
}

function decodeCursor(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (typeof cursor.s === 'string' && typeof cursor.i === 'string' && !Number.isNaN(Date.parse(cursor.s))) return cursor;
  } catch {
    // falls through to the error below
  }
  throw Errors.invalidPayload('nextToken is not a valid pagination token');
}
