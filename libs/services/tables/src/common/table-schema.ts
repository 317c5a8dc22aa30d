import { Errors, TABLE_LIMITS } from '@platform/contracts';

/** The types a column may have; `date` is a string of format date-time. */
export type ColumnType = 'string' | 'number' | 'boolean' | 'date' | 'object' | 'array';

export interface Column {
  name: string;
  type: ColumnType;
  nullable: boolean;
  required: boolean;
  searchable: boolean;
  /** String columns: a regular expression values must match, and the values allowed. */
  pattern?: string;
  enum?: string[];
}

/** A column's JSON schema, as the API shows it. */
export type PropertySchema = Record<string, unknown> & { type: string; 'x-zui': Record<string, unknown> & { index: number } };

/** A table's schema as the API shows it: a JSON schema of type object. */
export interface TableSchema {
  type: 'object';
  properties: Record<string, PropertySchema>;
  additionalProperties: true;
  required?: string[];
}

/** Names the platform keeps for itself in every row. */
export const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt', 'computed', 'stale', 'similarity'] as const;

/** Letters, digits and underscores, not starting with a digit. */
export const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** As the cloud asks: letters, digits and underscores, not starting with a digit, ending in `Table`. */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*Table$/;

const PROPERTY_KEYS = ['type', 'format', 'description', 'pattern', 'enum', 'items', 'nullable', 'properties'] as const;
const ZUI_KEYS = ['id', 'searchable', 'hidden', 'order', 'width', 'schemaId', 'typings'] as const;
const TYPES = ['string', 'number', 'boolean', 'object', 'array'];

export function tableNameProblem(name: string): string | undefined {
  if (name.length > TABLE_LIMITS.columnName) return `Table name '${name}' is longer than ${TABLE_LIMITS.columnName} characters`;
  if (!TABLE_NAME.test(name)) return `Table name '${name}' must hold only letters, digits and underscores, not start with a digit, and end with 'Table'`;
  return undefined;
}

export function assertColumnName(name: string): void {
  if (name.length < 1 || name.length > TABLE_LIMITS.columnName) {
    throw Errors.invalidPayload(`Column name '${name}' must be 1 to ${TABLE_LIMITS.columnName} characters long`);
  }
  if (!COLUMN_NAME.test(name)) throw Errors.invalidPayload(`Column name '${name}' must hold only letters, digits and underscores, and not start with a digit`);
  if ((SYSTEM_COLUMNS as readonly string[]).includes(name)) throw Errors.invalidPayload(`Column name '${name}' is reserved for the platform`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The columns of a schema as sent: a JSON schema of type object, or directly a map of columns. */
export function inputColumns(schema: Record<string, unknown>): { properties: Record<string, unknown>; required: string[] } {
  const isJsonSchema = isObject(schema.properties) && (schema.type === undefined || schema.type === 'object');
  const properties = isJsonSchema ? (schema.properties as Record<string, unknown>) : schema;
  const required = isJsonSchema && Array.isArray(schema.required) ? schema.required : [];
  if (!required.every((r) => typeof r === 'string')) throw Errors.invalidPayload('schema.required must be an array of column names');
  return { properties, required: required as string[] };
}

/**
 * One column's schema, checked and kept in the shape the API shows (unknown JSON schema keywords
 * are dropped: the platform checks types, nullability, `pattern` and `enum`).
 */
export function normalizeProperty(name: string, value: unknown, index: number): PropertySchema {
  assertColumnName(name);
  if (!isObject(value)) throw Errors.invalidPayload(`Column '${name}' must be described by an object with a type`);
  if (typeof value.type !== 'string' || !TYPES.includes(value.type)) {
    throw Errors.invalidPayload(`Column '${name}' has type '${String(value.type)}'; expected one of ${TYPES.join(', ')}`);
  }
  const zui = isObject(value['x-zui']) ? value['x-zui'] : {};
  if (zui.computed !== undefined) throw Errors.invalidPayload(`Column '${name}': computed columns are not available on this platform`);
  if (value.format !== undefined && !(value.type === 'string' && value.format === 'date-time')) {
    throw Errors.invalidPayload(`Column '${name}': the only format supported is date-time, on a string column`);
  }
  if (value.nullable !== undefined && typeof value.nullable !== 'boolean') throw Errors.invalidPayload(`Column '${name}': nullable must be a boolean`);
  if (value.pattern !== undefined) {
    if (typeof value.pattern !== 'string' || value.pattern.length > 1000) throw Errors.invalidPayload(`Column '${name}': pattern must be a string`);
    try {
      new RegExp(value.pattern, 'u');
    } catch {
      throw Errors.invalidPayload(`Column '${name}': pattern is not a valid regular expression`);
    }
  }
  if (value.enum !== undefined && (!Array.isArray(value.enum) || !value.enum.every((e) => typeof e === 'string') || value.enum.length > 1000)) {
    throw Errors.invalidPayload(`Column '${name}': enum must be an array of strings`);
  }
  if (zui.searchable !== undefined && typeof zui.searchable !== 'boolean') throw Errors.invalidPayload(`Column '${name}': x-zui.searchable must be a boolean`);
  const property: Record<string, unknown> = {};
  for (const key of PROPERTY_KEYS) if (value[key] !== undefined) property[key] = value[key];
  if (property.items !== undefined && !(isObject(property.items) && typeof property.items.type === 'string')) {
    throw Errors.invalidPayload(`Column '${name}': items must be an object with a type`);
  }
  if (property.properties !== undefined) {
    if (!isObject(property.properties) || !Object.values(property.properties).every((p) => isObject(p) && typeof p.type === 'string')) {
      throw Errors.invalidPayload(`Column '${name}': properties must map names to objects with a type`);
    }
  }
  property.nullable = value.nullable ?? true;
  const keptZui: Record<string, unknown> = {};
  for (const key of ZUI_KEYS) if (zui[key] !== undefined) keptZui[key] = zui[key];
  property['x-zui'] = { ...keptZui, index };
  return property as PropertySchema;
}

/** Builds a table's schema from what a client sent, refusing what the platform cannot keep. */
export function buildSchema(input: Record<string, unknown>): TableSchema {
  const { properties, required } = inputColumns(input);
  const names = Object.keys(properties);
  if (names.length > TABLE_LIMITS.columns) throw Errors.invalidPayload(`A table has at most ${TABLE_LIMITS.columns} columns; the schema has ${names.length}`);
  const normalized: Record<string, PropertySchema> = {};
  names.forEach((name, index) => (normalized[name] = normalizeProperty(name, properties[name], index)));
  for (const r of required) if (!names.includes(r)) throw Errors.invalidPayload(`schema.required names '${r}', which is not a column`);
  return withRequired({ type: 'object', properties: normalized, additionalProperties: true }, required);
}

function withRequired(schema: TableSchema, required: string[]): TableSchema {
  const kept = required.filter((r) => r in schema.properties);
  const { required: _drop, ...rest } = schema;
  void _drop;
  return kept.length > 0 ? { ...rest, required: kept } : rest;
}

/**
 * Applies an update: columns given are added or replaced (their index kept), columns set to
 * null are removed. Answers the new schema and the columns removed.
 */
export function mergeSchema(current: TableSchema, input: Record<string, unknown>): { schema: TableSchema; removed: string[] } {
  const { properties, required } = inputColumns(input);
  const next: Record<string, PropertySchema> = { ...current.properties };
  const removed: string[] = [];
  let nextIndex = Math.max(-1, ...Object.values(current.properties).map((p) => p['x-zui'].index)) + 1;
  for (const [name, value] of Object.entries(properties)) {
    if (value === null) {
      if (name in next) {
        delete next[name];
        removed.push(name);
      }
      continue;
    }
    const index = next[name]?.['x-zui'].index ?? nextIndex++;
    next[name] = normalizeProperty(name, value, index);
  }
  if (Object.keys(next).length > TABLE_LIMITS.columns) throw Errors.invalidPayload(`A table has at most ${TABLE_LIMITS.columns} columns`);
  const isJsonSchema = isObject(input.properties);
  const keptRequired = isJsonSchema && Array.isArray(input.required) ? required : (current.required ?? []);
  for (const r of keptRequired) if (!(r in next)) throw Errors.invalidPayload(`schema.required names '${r}', which is not a column`);
  return { schema: withRequired({ type: 'object', properties: next, additionalProperties: true }, keptRequired), removed };
}

/** The columns of a stored schema, in their order. */
export function columnsOf(schema: TableSchema): Column[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties)
    .sort(([, a], [, b]) => a['x-zui'].index - b['x-zui'].index)
    .map(([name, p]) => ({
      name,
      type: p.type === 'string' && p.format === 'date-time' ? 'date' : (p.type as ColumnType),
      nullable: p.nullable !== false,
      required: required.has(name),
      searchable: p['x-zui'].searchable === true,
      pattern: typeof p.pattern === 'string' ? p.pattern : undefined,
      enum: Array.isArray(p.enum) ? (p.enum as string[]) : undefined,
    }));
}

/** Renames a column in a stored schema, keeping its place. */
export function renameInSchema(schema: TableSchema, from: string, to: string): TableSchema {
  const properties: Record<string, PropertySchema> = {};
  for (const [name, p] of Object.entries(schema.properties)) properties[name === from ? to : name] = p;
  return withRequired(
    { ...schema, properties },
    (schema.required ?? []).map((r) => (r === from ? to : r)),
  );
}
