import { Column } from '../common/table-schema';
import { StoredRow } from './rows.repository';

/**
 * A row as the API shows it: system columns, then every column (null where it holds nothing), or
 * only the selected ones (`a.b` keeps attribute `b` of object column `a`).
 */
export function rowView(row: StoredRow, columns: Column[], select?: string[]): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    computed: {},
  };
  if (row.similarity !== undefined && row.similarity !== null) view.similarity = Number(row.similarity);
  if (!select) {
    for (const column of columns) view[column.name] = row.data[column.name] ?? null;
    return view;
  }
  for (const path of select) {
    if (path === 'id' || path === 'createdAt' || path === 'updatedAt') continue;
    const [name, ...rest] = path.split('.');
    if (rest.length === 0) {
      view[name] = row.data[name] ?? null;
      continue;
    }
    let source: unknown = row.data[name];
    for (const segment of rest) source = source && typeof source === 'object' ? (source as Record<string, unknown>)[segment] : undefined;
    let target = (view[name] ??= {}) as Record<string, unknown>;
    rest.slice(0, -1).forEach((segment) => (target = (target[segment] ??= {}) as Record<string, unknown>));
    target[rest[rest.length - 1]] = source ?? null;
  }
  return view;
}
