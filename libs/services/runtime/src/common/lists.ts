import { ObjectLiteral } from 'typeorm';
import { ListQuery } from '@platform/persistence';
import { TagMatch } from './tags';

/**
 * Keeps the rows whose tags hold every given value and lack every tag matched to null or to an
 * empty value (an empty tag is an absent one).
 */
export function whereTags<T extends ObjectLiteral & { tags: Record<string, string> }>(query: ListQuery<T>, match: TagMatch | undefined): ListQuery<T> {
  if (!match) return query;
  const tags = query.column('tags');
  const entries = Object.entries(match);
  const held = Object.fromEntries(entries.filter(([, value]) => value));
  if (Object.keys(held).length > 0) {
    // Containment is answered by the GIN index on tags.
    query.where(`${tags} @> CAST(${query.param(JSON.stringify(held))} AS jsonb)`);
  }
  for (const [name, value] of entries) if (!value) query.where(`NOT (${tags} ? ${query.param(name)})`);
  return query;
}

export interface DateRange {
  afterDate?: string;
  beforeDate?: string;
}

/** Keeps the rows whose date property lies strictly inside the range. */
export function whereDateRange<T extends ObjectLiteral>(query: ListQuery<T>, property: keyof T & string, range: DateRange): ListQuery<T> {
  return query
    .whereCompares(property, '>', range.afterDate ? new Date(range.afterDate) : undefined)
    .whereCompares(property, '<', range.beforeDate ? new Date(range.beforeDate) : undefined);
}
