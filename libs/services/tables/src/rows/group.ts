import { Errors } from '@platform/contracts';
import { Column } from '../common/table-schema';
import { columnLiteral } from './filter';
import { SqlParams } from './sql-params';

const AGGREGATIONS = ['key', 'count', 'sum', 'avg', 'min', 'max'] as const;
type Aggregation = (typeof AGGREGATIONS)[number];

/** One value of a group's row: `<column><Aggregation>`, e.g. `categoryKey`, `priceSum`. */
export interface GroupOutput {
  alias: string;
  name: string;
  aggregation: Aggregation;
  numeric: boolean;
}

const capitalized = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The SQL of a `group`: `{ "category": "key", "price": ["sum", "avg"] }` groups rows by category
 * and answers, per group, `categoryKey`, `priceSum` and `priceAvg`. Groups are ordered by their keys.
 */
export function groupQuery(
  group: Record<string, unknown>,
  columns: Column[],
  where: string,
  params: SqlParams,
  limit: number,
  offset: number,
): { text: string; outputs: GroupOutput[] } {
  const entries = Object.entries(group);
  if (entries.length === 0) throw Errors.invalidPayload('group names no column');
  const keys: string[] = [];
  const selects: string[] = [];
  const outputs: GroupOutput[] = [];
  for (const [name, value] of entries) {
    const column = columns.find((c) => c.name === name);
    if (!column) throw Errors.invalidPayload(`Unknown column '${name}' in group`);
    const aggregations = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(aggregations) || aggregations.length === 0 || !aggregations.every((a) => typeof a === 'string')) {
      throw Errors.invalidPayload(`group.${name} takes one of ${AGGREGATIONS.join(', ')}, or an array of them`);
    }
    const json = `"r"."data" -> ${columnLiteral(column.name)}`;
    for (const aggregation of new Set(aggregations as string[])) {
      if (!(AGGREGATIONS as readonly string[]).includes(aggregation))
        throw Errors.invalidPayload(`Unknown aggregation '${aggregation}' on '${name}'; allowed: ${AGGREGATIONS.join(', ')}`);
      const alias = `g${outputs.length}`;
      const numeric = column.type === 'number';
      let expression: string;
      switch (aggregation as Aggregation) {
        case 'key':
          expression = `(${json})`;
          keys.push(expression);
          break;
        case 'count':
          expression = `count(${json})`;
          break;
        case 'sum':
        case 'avg':
          if (!numeric) throw Errors.invalidPayload(`${aggregation} applies to number columns: '${name}' is of type ${column.type}`);
          expression = `${aggregation}((${json})::numeric)`;
          break;
        default:
          if (column.type === 'number') expression = `${aggregation}((${json})::numeric)`;
          else if (column.type === 'string' || column.type === 'date') expression = `${aggregation}("r"."data" ->> ${columnLiteral(column.name)})`;
          else throw Errors.invalidPayload(`${aggregation} applies to number, string and date columns: '${name}' is of type ${column.type}`);
      }
      selects.push(`${expression} AS "${alias}"`);
      outputs.push({ alias, name, aggregation: aggregation as Aggregation, numeric: aggregation === 'count' || (numeric && aggregation !== 'key') });
    }
  }
  const groupBy = keys.length > 0 ? ` GROUP BY ${keys.join(', ')} ORDER BY ${keys.join(', ')}` : '';
  const text = `SELECT ${selects.join(', ')} FROM "tables"."rows" AS "r" WHERE "r"."table_id" = $1 AND ${where}${groupBy} LIMIT ${params.add(limit + 1)} OFFSET ${params.add(offset)}`;
  return { text, outputs };
}

/** A group as a row of the answer: a position as its id (groups have no id of their own) and its values. */
export function groupRowView(group: Record<string, unknown>, outputs: GroupOutput[], position: number): Record<string, unknown> {
  const view: Record<string, unknown> = { id: position, computed: {} };
  for (const output of outputs) {
    const value = group[output.alias];
    view[`${output.name}${capitalized(output.aggregation)}`] = value === null || value === undefined ? null : output.numeric ? Number(value) : value;
  }
  return view;
}
