import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { TagMatch } from './tags';

/**
 * Keeps the rows whose tags hold every given value and lack every tag matched to null or to an
 * empty value (an empty tag is an absent one).
 */
export function whereTags<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, match: TagMatch | undefined): SelectQueryBuilder<T> {
  if (!match) return query;
  const alias = query.alias;
  const entries = Object.entries(match);
  const held = Object.fromEntries(entries.filter(([, value]) => value));
  if (Object.keys(held).length > 0) {
    // Containment is answered by the GIN index on tags.
    query.andWhere(`${alias}.tags @> CAST(:heldTags AS jsonb)`, { heldTags: JSON.stringify(held) });
  }
  entries.filter(([, value]) => !value).forEach(([name], i) => query.andWhere(`NOT (${alias}.tags ? :absentTag${i})`, { [`absentTag${i}`]: name }));
  return query;
}

export interface DateRange {
  afterDate?: string;
  beforeDate?: string;
}

/** Keeps the rows whose date property lies strictly inside the range. */
export function whereDateRange<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, property: string, range: DateRange): SelectQueryBuilder<T> {
  const alias = query.alias;
  if (range.afterDate) query.andWhere(`${alias}.${property} > :afterDate`, { afterDate: new Date(range.afterDate) });
  if (range.beforeDate) query.andWhere(`${alias}.${property} < :beforeDate`, { beforeDate: new Date(range.beforeDate) });
  return query;
}
