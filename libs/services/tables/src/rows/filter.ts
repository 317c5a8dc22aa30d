import { Errors } from '@platform/contracts';
import { Column, COLUMN_NAME } from '../common/table-schema';
import { SqlParams } from './sql-params';

/** Bounds of one filter, so that no request builds an unbounded statement. */
export const FILTER_LIMITS = { depth: 10, conditions: 200, inValues: 1000, regex: 1000 } as const;

type ValueType = 'string' | 'number' | 'boolean' | 'date' | 'object' | 'array' | 'any';

/** Where a filter's field lives in a row, and what its values are. */
export interface FieldRef {
  /** The SQL expression (a jsonb value, or a system column). */
  sql: string;
  kind: 'json' | 'id' | 'timestamp';
  type: ValueType;
  /** The column the field is (or is inside). */
  column?: string;
  nested: boolean;
  /** The attribute path inside an object column (`a.b.c` → `['b', 'c']`). */
  path?: string[];
}

const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options', '$not'] as const;
const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A column's name is checked against the table's schema and its own rule before it is written as a literal. */
export function columnLiteral(name: string): string {
  if (!COLUMN_NAME.test(name)) throw Errors.invalidPayload(`Unknown column '${name}'`);
  return `'${name}'`;
}

/** Resolves `name` or `name.attribute.path` against the table's columns and system columns. */
export function resolveField(path: string, columns: Column[], alias = 'r'): FieldRef {
  if (path === 'id') return { sql: `${alias}."id"`, kind: 'id', type: 'number', nested: false };
  if (path === 'createdAt') return { sql: `${alias}."created_at"`, kind: 'timestamp', type: 'date', nested: false };
  if (path === 'updatedAt') return { sql: `${alias}."updated_at"`, kind: 'timestamp', type: 'date', nested: false };
  const [name, ...rest] = path.split('.');
  const column = columns.find((c) => c.name === name);
  if (!column)
    throw Errors.invalidPayload(`Unknown column '${name}' in the filter; the table's columns are: ${columns.map((c) => c.name).join(', ') || 'none'}`);
  const base = `${alias}."data" -> ${columnLiteral(column.name)}`;
  if (rest.length === 0) return { sql: `(${base})`, kind: 'json', type: column.type, column: column.name, nested: false };
  if (column.type !== 'object') throw Errors.invalidPayload(`Column '${name}' is of type ${column.type}: it has no attribute '${rest.join('.')}'`);
  if (rest.some((segment) => segment.length === 0 || segment.length > 100)) throw Errors.invalidPayload(`Malformed attribute path '${path}'`);
  // The path is bound when the filter is compiled; orderBy and select never take one.
  return { sql: '', kind: 'json', type: 'any', column: column.name, nested: true, path: rest };
}

/** Compiles filters to SQL conditions on rows of one table, binding every value. */
export class FilterCompiler {
  private conditions = 0;

  constructor(
    private readonly columns: Column[],
    private readonly params: SqlParams,
    private readonly alias = 'r',
  ) {}

  compile(filter: Record<string, unknown> | undefined): string {
    if (!filter || Object.keys(filter).length === 0) return 'TRUE';
    return this.document(filter, 0);
  }

  private count(): void {
    if (++this.conditions > FILTER_LIMITS.conditions) throw Errors.invalidPayload(`A filter has at most ${FILTER_LIMITS.conditions} conditions`);
  }

  private document(filter: unknown, depth: number): string {
    if (depth > FILTER_LIMITS.depth) throw Errors.invalidPayload(`A filter nests at most ${FILTER_LIMITS.depth} levels`);
    if (!isObject(filter)) throw Errors.invalidPayload('A filter must be an object');
    const parts: string[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value) || value.length === 0) throw Errors.invalidPayload(`${key} takes a non-empty array of filters`);
        const inner = value.map((f) => this.document(f, depth + 1));
        parts.push(`(${inner.join(key === '$and' ? ' AND ' : ' OR ')})`);
      } else if (key === '$not') {
        parts.push(`NOT COALESCE(${this.document(value, depth + 1)}, FALSE)`);
      } else if (key.startsWith('$')) {
        throw Errors.invalidPayload(`Unknown operator '${key}' in the filter`);
      } else {
        parts.push(this.field(key, value, depth + 1));
      }
    }
    return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
  }

  private ref(path: string): FieldRef {
    const ref = resolveField(path, this.columns, this.alias);
    if (ref.nested) {
      ref.sql = `(${this.alias}."data" -> ${columnLiteral(ref.column!)} #> ${this.params.add(ref.path)}::text[])`;
    }
    return ref;
  }

  private field(path: string, condition: unknown, depth: number): string {
    const ref = this.ref(path);
    const isOperatorObject = isObject(condition) && Object.keys(condition).length > 0 && Object.keys(condition).every((k) => k.startsWith('$'));
    if (!isOperatorObject) return this.operator(ref, path, '$eq', condition, undefined, depth);
    const ops = condition;
    for (const key of Object.keys(ops)) {
      if (!(OPERATORS as readonly string[]).includes(key)) throw Errors.invalidPayload(`Unknown operator '${key}' on '${path}'`);
    }
    if (ops.$options !== undefined && ops.$regex === undefined) throw Errors.invalidPayload(`$options on '${path}' needs $regex`);
    const parts = Object.entries(ops)
      .filter(([key]) => key !== '$options')
      .map(([key, value]) => this.operator(ref, path, key, value, ops.$options, depth));
    return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
  }

  private operator(ref: FieldRef, path: string, op: string, value: unknown, options: unknown, depth: number): string {
    this.count();
    switch (op) {
      case '$eq':
        return value === null ? this.isNull(ref) : this.equals(ref, path, value);
      case '$ne':
        return value === null ? `NOT ${this.isNull(ref)}` : `NOT COALESCE(${this.equals(ref, path, value)}, FALSE)`;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return this.range(ref, path, RANGE[op], value);
      case '$in':
      case '$nin': {
        if (!Array.isArray(value) || value.length > FILTER_LIMITS.inValues)
          throw Errors.invalidPayload(`${op} on '${path}' takes an array of at most ${FILTER_LIMITS.inValues} values`);
        if (value.length === 0) return op === '$in' ? 'FALSE' : 'TRUE';
        const anyOf = value.map((v) => (v === null ? this.isNull(ref) : this.equals(ref, path, v)));
        const joined = `(${anyOf.join(' OR ')})`;
        return op === '$in' ? joined : `NOT COALESCE(${joined}, FALSE)`;
      }
      case '$exists': {
        if (typeof value !== 'boolean') throw Errors.invalidPayload(`$exists on '${path}' takes true or false`);
        return value ? `NOT ${this.isNull(ref)}` : this.isNull(ref);
      }
      case '$regex': {
        if (typeof value !== 'string' || value.length > FILTER_LIMITS.regex)
          throw Errors.invalidPayload(`$regex on '${path}' takes a string of at most ${FILTER_LIMITS.regex} characters`);
        if (!['string', 'date', 'any'].includes(ref.type)) throw Errors.invalidPayload(`$regex applies to text: '${path}' is of type ${ref.type}`);
        if (options !== undefined && (typeof options !== 'string' || !/^i?$/.test(options))) {
          throw Errors.invalidPayload(`$options on '${path}' may only be 'i' (case-insensitive)`);
        }
        const text = ref.kind === 'json' ? `(${ref.sql} #>> '{}')` : `${ref.sql}::text`;
        const guard = ref.kind === 'json' ? `jsonb_typeof(${ref.sql}) = 'string' AND ` : '';
        return `(${guard}${text} ${options === 'i' ? '~*' : '~'} ${this.params.add(value)})`;
      }
      case '$not': {
        if (!isObject(value)) throw Errors.invalidPayload(`$not on '${path}' takes an object of operators`);
        return `NOT COALESCE(${this.field(path, value, depth + 1)}, FALSE)`;
      }
      default:
        throw Errors.invalidPayload(`Unknown operator '${op}' on '${path}'`);
    }
  }

  private isNull(ref: FieldRef): string {
    return ref.kind === 'json' ? `(${ref.sql} IS NULL OR ${ref.sql} = 'null'::jsonb)` : `(${ref.sql} IS NULL)`;
  }

  private equals(ref: FieldRef, path: string, value: unknown): string {
    if (ref.kind === 'id') return `${ref.sql} = ${this.params.add(this.integer(path, value))}`;
    if (ref.kind === 'timestamp') return `${ref.sql} = ${this.params.add(this.date(path, value))}::timestamptz`;
    this.checkType(ref, path, value, 'equality');
    const normalized = ref.type === 'date' ? this.date(path, value) : value;
    return `${ref.sql} = ${this.params.json(normalized)}`;
  }

  private range(ref: FieldRef, path: string, sqlOp: string, value: unknown): string {
    if (ref.kind === 'id') return `${ref.sql} ${sqlOp} ${this.params.add(this.number(path, value))}`;
    if (ref.kind === 'timestamp') return `${ref.sql} ${sqlOp} ${this.params.add(this.date(path, value))}::timestamptz`;
    if (typeof value !== 'number' && typeof value !== 'string') throw Errors.invalidPayload(`A comparison on '${path}' takes a number, a string or a date`);
    this.checkType(ref, path, value, 'comparison');
    if (ref.type === 'date')
      return `(jsonb_typeof(${ref.sql}) = 'string' AND (${ref.sql} #>> '{}') COLLATE "C" ${sqlOp} ${this.params.add(this.date(path, value))})`;
    const jsonType = typeof value === 'number' ? 'number' : 'string';
    return `(jsonb_typeof(${ref.sql}) = '${jsonType}' AND ${ref.sql} ${sqlOp} ${this.params.json(value)})`;
  }

  /** The value must be of the column's type (a number column compares with numbers only). */
  private checkType(ref: FieldRef, path: string, value: unknown, what: string): void {
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    const fits: Record<ValueType, boolean> = {
      string: actual === 'string',
      date: actual === 'string',
      number: actual === 'number',
      boolean: actual === 'boolean',
      object: actual === 'object',
      array: actual === 'array',
      any: true,
    };
    if (!fits[ref.type]) throw Errors.invalidPayload(`Type mismatch in the filter: '${path}' is of type ${ref.type}, the ${what} gives a ${actual}`);
  }

  private integer(path: string, value: unknown): number {
    if (typeof value !== 'number' || !Number.isInteger(value)) throw Errors.invalidPayload(`Type mismatch in the filter: '${path}' is an integer`);
    return value;
  }

  private number(path: string, value: unknown): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw Errors.invalidPayload(`Type mismatch in the filter: '${path}' is a number`);
    return value;
  }

  private date(path: string, value: unknown): string {
    const time = typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isNaN(time)) throw Errors.invalidPayload(`Type mismatch in the filter: '${path}' is a date (ISO 8601)`);
    return new Date(time).toISOString();
  }
}
