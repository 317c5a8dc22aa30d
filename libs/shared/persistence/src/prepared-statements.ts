import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Client, FieldDef, Query } from 'pg';

/** Statements a connection keeps prepared at most: Postgres holds each one's plan in the session's memory. */
export const PREPARED_PER_CONNECTION = 200;

/** Times a text must have run in the process before connections prepare it: texts built once per request stay unnamed. */
const RUNS_BEFORE_PREPARING = 2;

/** Texts run with parameters, with how often they ran and, once they qualify, their statement name. */
const texts = new LRUCache<string, { runs: number; name?: string }>({ max: 2000 });

/**
 * The name a text runs under on every connection, or undefined while it has not run often enough.
 * The name is derived from the text alone, so no two texts share one and every connection
 * agrees on it.
 */
export function statementName(text: string): string | undefined {
  let entry = texts.get(text);
  if (!entry) texts.set(text, (entry = { runs: 0 }));
  if (entry.name) return entry.name;
  if (++entry.runs < RUNS_BEFORE_PREPARING) return undefined;
  entry.name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return entry.name;
}

/** What pg's Query holds beyond its declared type. */
type PgQuery = {
  name?: string;
  callback?: (error: Error | null, result: unknown) => void;
  _result: PgResult;
  prepare(connection: PgConnection): void;
};

/** What pg's Result reads off a row description to parse rows: the fields, a parser for each, the empty row. */
interface RowShape {
  fields: FieldDef[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: Record<string, null>;
}
type PgResult = RowShape & { addFields(fields: FieldDef[]): void };

/**
 * The row shapes of prepared statements, by statement name (one text, so one row description
 * while the schema stands). pg works a shape out again from every row description: a parser
 * looked up for each column and an empty row built property by property, which cost more than
 * reading the row itself, and most on the wide rows of the hot reads.
 */
const rowShapes = new LRUCache<string, RowShape>({ max: 2000 });

function sameFields(a: FieldDef[], b: FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].name !== b[i].name || a[i].dataTypeID !== b[i].dataTypeID || a[i].format !== b[i].format) return false;
  }
  return true;
}

/** Gives the query's result the statement's row shape when it is known, and learns it otherwise. */
function adoptRowShape(result: PgResult, name: string): void {
  const addFields = result.addFields;
  result.addFields = (fields: FieldDef[]) => {
    const known = rowShapes.get(name);
    if (known && sameFields(known.fields, fields)) {
      result.fields = fields;
      result._parsers = known._parsers;
      result._prebuiltEmptyResultObject = known._prebuiltEmptyResultObject;
      return;
    }
    addFields.call(result, fields);
    rowShapes.set(name, { fields, _parsers: result._parsers, _prebuiltEmptyResultObject: result._prebuiltEmptyResultObject });
  };
}

/** What pg's Connection holds beyond its declared type: its record of the statements prepared, and the Close message. */
type PgConnection = {
  parsedStatements: Record<string, string>;
  close(message: { type: 'S'; name: string }): void;
};

/**
 * A `pg` client that runs the parameterised statements a service repeats as named prepared
 * statements: Postgres parses and plans each one once per connection instead of at every run,
 * and each run sends a Bind instead of the whole text. On the hot paths, parsing and planning
 * cost Postgres more than running the statement (a primary-key read, an insert).
 *
 * A connection keeps the `PREPARED_PER_CONNECTION` it ran last: a statement to prepare beyond
 * them closes the least recently run one. The batched writes have a text for each number of
 * parts, and over days those would otherwise fill the connection for good, leaving every text
 * first run afterwards (a hot one among them) parsed and planned at every run.
 *
 * Only for a server that gives each connection a session of its own: the embedded database,
 * which serves every connection from one session, would see the names of one connection's
 * statements again from another. Statements without parameters (transaction control, DDL,
 * several commands in one text) always run as sent.
 */
export class PreparingClient extends Client {
  /** The names this connection has prepared or is preparing, the least recently run first. */
  private readonly prepared = new Set<string>();

  // pg's overloads (text, config object, submittable; promise or callback): only a text with
  // parameters, asked for a promise, is changed; everything else goes through untouched.
  override query: Client['query'] = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2 ? statementName(text) : undefined;
    const send = Client.prototype.query as (...a: unknown[]) => unknown;
    if (!name) return send.apply(this, args);
    // A query made from the text and named afterwards: pg copies every config object it is given
    // property by property, which cost more than the rest of sending it.
    const query = new Query(text as string, values as unknown[]) as unknown as PgQuery;
    query.name = name;
    const evicted = this.use(name);
    if (evicted !== undefined) closeBefore(query, evicted);
    adoptRowShape(query._result, name);
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
      send.call(this, query);
    });
  }) as Client['query'];

  /** Marks the name as run last; answers the name it pushes out, when the connection holds its share already. */
  private use(name: string): string | undefined {
    if (this.prepared.delete(name)) {
      this.prepared.add(name);
      return undefined;
    }
    let evicted: string | undefined;
    if (this.prepared.size >= PREPARED_PER_CONNECTION) {
      evicted = this.prepared.values().next().value as string;
      this.prepared.delete(evicted);
    }
    this.prepared.add(name);
    return evicted;
  }
}

/**
 * Closes the statement `evicted` on the wire just before the query's own messages, when the query
 * goes out: the queries queued before it, which may still run that statement, have run by then,
 * and one queued after it that runs that text again prepares it anew. A statement whose
 * preparing failed is not in pg's record of those prepared, and has nothing to close.
 */
function closeBefore(query: PgQuery, evicted: string): void {
  const prepare = query.prepare.bind(query);
  query.prepare = (connection) => {
    if (connection.parsedStatements[evicted] !== undefined) {
      connection.close({ type: 'S', name: evicted });
      delete connection.parsedStatements[evicted];
    }
    prepare(connection);
  };
}
