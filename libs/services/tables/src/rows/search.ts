import { Column } from '../common/table-schema';
import { columnLiteral } from './filter';

/**
 * The SQL expression of a row's search text: its searchable columns (its text columns when none
 * is searchable), joined by spaces. Column names come from the table's schema, checked.
 */
export function searchTextSql(columns: Column[], data: string): string {
  const searchable = columns.some((c) => c.searchable) ? columns.filter((c) => c.searchable) : columns.filter((c) => c.type === 'string');
  if (searchable.length === 0) return 'NULL::text';
  return `NULLIF(left(concat_ws(' ', ${searchable.map((c) => `${data} ->> ${columnLiteral(c.name)}`).join(', ')}), 20000), '')`;
}
