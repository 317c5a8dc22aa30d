import { Errors, TABLE_LIMITS } from '@platform/contracts';
import { Column, SYSTEM_COLUMNS } from '../common/table-schema';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface CheckedRow {
  /** The row's column values; a null value is not kept (null and absent read the same). */
  data: Record<string, unknown>;
  /** Columns set to null (to remove on update). */
  cleared: string[];
  /** Keys that name no column, ignored. */
  ignored: string[];
}

/**
 * Checks one row against the table's columns: each value of its column's type (a date is an ISO
 * 8601 string, kept normalised), null only where the column is nullable, required columns present
 * when `complete`. The error names the row and the column. Keys naming no column are ignored, as
 * the cloud does; system columns are never written by clients.
 */
export function checkRow(row: unknown, index: number, columns: Column[], complete: boolean, factor: number): CheckedRow {
  if (!isObject(row)) throw Errors.invalidPayload(`Row ${index}: must be an object`);
  const data: Record<string, unknown> = {};
  const cleared: string[] = [];
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    if ((SYSTEM_COLUMNS as readonly string[]).includes(key)) continue;
    const column = columns.find((c) => c.name === key);
    if (!column) {
      ignored.push(key);
      continue;
    }
    if (value === null || value === undefined) {
      if (value === null && !column.nullable) throw Errors.invalidPayload(`Row ${index}: column '${key}' is not nullable`);
      if (value === null) cleared.push(key);
      continue;
    }
    data[key] = checkValue(value, column, `Row ${index}: column '${key}'`);
  }
  if (complete) {
    for (const column of columns) {
      if (column.required && data[column.name] === undefined) throw Errors.invalidPayload(`Row ${index}: column '${column.name}' is required`);
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(data));
  const limit = TABLE_LIMITS.rowBytes * factor;
  if (bytes > limit) throw Errors.invalidPayload(`Row ${index}: its data takes ${bytes} bytes, more than the table's limit of ${limit} (factor ${factor})`);
  return { data, cleared, ignored };
}

function checkValue(value: unknown, column: Column, at: string): unknown {
  const mismatch = () =>
    Errors.invalidPayload(
      `${at} is of type ${column.type}; got ${Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}`,
    );
  switch (column.type) {
    case 'string':
      if (typeof value !== 'string') throw mismatch();
      if (column.enum && !column.enum.includes(value)) throw Errors.invalidPayload(`${at} must be one of: ${column.enum.join(', ')}`);
      if (column.pattern && !new RegExp(column.pattern, 'u').test(value)) throw Errors.invalidPayload(`${at} must match the pattern ${column.pattern}`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw mismatch();
      return value;
    case 'date': {
      const time = typeof value === 'string' ? Date.parse(value) : NaN;
      if (Number.isNaN(time)) throw Errors.invalidPayload(`${at} is of type date; expected an ISO 8601 date-time string`);
      return new Date(time).toISOString();
    }
    case 'object':
      if (!isObject(value)) throw mismatch();
      return value;
    case 'array':
      if (!Array.isArray(value)) throw mismatch();
      return value;
  }
}
