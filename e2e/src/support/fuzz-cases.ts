import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '@platform/testing';

/**
 * Malformed requests generated from the checked-in OpenAPI document: every case is invalid by
 * construction (a wrong type, an unknown property, broken JSON or UTF-8, too deep, too long, a
 * wrong content type, a bad credential, a forged query), so every answer must be a 4xx in the
 * standard error body and nothing stored may change.
 */

type Schema = { type?: string; properties?: Record<string, Schema>; maxLength?: number; $ref?: string; items?: Schema };
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface OperationDoc {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  security?: unknown[];
}

export interface FuzzOperation {
  method: string;
  path: string;
  operationId: string;
  family: 'runtime' | 'admin' | 'chat' | 'other';
  pathParams: string[];
  queryParams: Parameter[];
  body?: Schema;
  /** Whether the operation needs a credential (a bearer token or a chat user key). */
  authenticated: boolean;
}

export interface FuzzRequest {
  strategy: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Credentials and ids of the resources the fuzzer aims at (its own workspace, bot and chat user). */
export interface FuzzTarget {
  token: string;
  workspaceId: string;
  botId: string;
  webhookId: string;
  userKey: string;
  /** Ids of existing resources, used with bodies that are invalid anyway. */
  existingIds: string[];
}

const document = JSON.parse(readFileSync(join(repositoryRoot(), 'openapi', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return document.components.schemas[schema.$ref.split('/').pop()!];
}

export function fuzzOperations(): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const family = path.startsWith('/v1/chat/') ? 'runtime' : path.startsWith('/v1/admin/') ? 'admin' : path.startsWith('/chat/') ? 'chat' : 'other';
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        family,
        pathParams: parameters.filter((p) => p.in === 'path' && p.name !== 'webhookId').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: resolve(op.requestBody?.content['application/json'].schema),
        authenticated: Boolean(op.security?.length) || parameters.some((p) => p.in === 'header' && p.name === 'x-user-key' && p.required),
      });
    }
  }
  // An operation that takes nothing and needs no credential cannot be asked wrongly.
  return operations.filter((op) => op.body || op.pathParams.length > 0 || op.queryParams.length > 0 || op.authenticated);
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OTHER_TYPE: Record<string, unknown[]> = {
  string: [42, true, { a: 1 }, ['x'], 1.5e300],
  number: ['forty-two', { n: 1 }, [1], true],
  integer: ['7', 7.5, { n: 1 }, false],
  boolean: ['true', 1, {}, []],
  object: ['object', 12, ['a'], true],
  array: ['list', 3, { 0: 'a' }, true],
};

/** What a strategy changes in an otherwise well-aimed request. */
interface Mutation {
  body?: Buffer | string;
  headers?: Record<string, string>;
  /** The request is refused for its body: it may name resources that exist. */
  refusedByBody?: boolean;
  pathValue?: string;
  query?: string;
  badCredential?: boolean;
}

/** One malformed request for the operation, by a strategy that applies to it. */
export function malformedRequest(op: FuzzOperation, target: FuzzTarget, random: () => number): FuzzRequest {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const json = (value: unknown) => JSON.stringify(value);
  const properties = Object.entries(op.body?.properties ?? {}).filter(([, s]) => resolve(s)?.type);
  const strategies: Array<[string, () => Mutation]> = [];

  if (op.body) {
    const invalidBody = (body: string | Buffer): Mutation => ({ body, refusedByBody: true });
    const depth = () => 65 + Math.floor(random() * 2000);
    strategies.push(
      ['unknown property', () => invalidBody(json({ [`fuzz_${Math.floor(random() * 1e9)}`]: pick(['x', 1, null, {}]) }))],
      ['not an object', () => invalidBody(json(pick([[], 42, 'text', null, true, [{}]])))],
      ['broken JSON', () => invalidBody(pick(['{"a":', '{"a":1,}', '{a:1}', "{'a':1}", '{"a":1}}', '{"a":1} trailing', '{"a":"\\x"}']))],
      ['invalid UTF-8', () => invalidBody(Buffer.concat([Buffer.from('{"fuzz":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]))],
      ['lone surrogate', () => invalidBody('{"fuzz":"\\ud800"}')],
      ['NUL character', () => invalidBody('{"fuzz":"a\\u0000b"}')],
      [
        'too deep',
        () => {
          const n = depth();
          return invalidBody(`{"fuzz":${'['.repeat(n)}${']'.repeat(n)}}`);
        },
      ],
      ['too wide', () => invalidBody(json(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, 1]))))],
      [
        'wrong content type',
        () => ({ body: '{}', headers: { 'content-type': pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) } }),
      ],
    );
    if (properties.length > 0) {
      strategies.push([
        'wrong type',
        () => {
          const [name, schema] = pick(properties);
          return invalidBody(json({ [name]: pick(OTHER_TYPE[resolve(schema)!.type!] ?? [Symbol.for('x')]) }));
        },
      ]);
      const bounded = properties.filter(([, s]) => resolve(s)?.maxLength);
      if (bounded.length > 0) {
        strategies.push([
          'too long',
          () => {
            const [name, schema] = pick(bounded);
            return invalidBody(json({ [name]: 'x'.repeat(resolve(schema)!.maxLength! + 1 + Math.floor(random() * 50)) }));
          },
        ]);
      }
    }
  }
  if (op.pathParams.length > 0) {
    strategies.push([
      'forged path parameter',
      () => ({ pathValue: pick(['%ff%fe', 'x'.repeat(300), '..%2f..%2fetc', '%00', 'a%20b%0a', encodeURIComponent('💥'.repeat(60))]) }),
    ]);
  }
  if (op.queryParams.length > 0) {
    strategies.push([
      'forged query',
      () => ({ query: pick(['pageSize=-1', 'pageSize=abc', 'pageSize=1000000', 'nextToken=forged', `fuzz_${Math.floor(random() * 1e6)}=1`]) }),
    ]);
  }
  if (op.authenticated) strategies.push(['bad credential', () => ({ badCredential: true })]);

  const [strategy, mutate] = pick(strategies);
  const mutation = mutate();
  // Existing ids only where the body is refused anyway; otherwise ids that exist nowhere.
  const idFor = () => mutation.pathValue ?? encodeURIComponent(mutation.refusedByBody ? pick(target.existingIds) : `fuzz-${Math.floor(random() * 1e12)}`);
  let path = op.path.replace('{webhookId}', target.webhookId);
  for (const name of op.pathParams) path = path.replace(`{${name}}`, idFor());
  if (mutation.query) path += `?${mutation.query}`;
  const headers: Record<string, string> = {
    ...credentials(op, target, mutation.badCredential ?? false),
    ...(mutation.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...mutation.headers,
  };
  return { strategy, method: op.method, path, headers, body: mutation.body === undefined ? undefined : Buffer.from(mutation.body) };
}

function credentials(op: FuzzOperation, target: FuzzTarget, bad: boolean): Record<string, string> {
  const token = bad ? `bp_pat_fuzz_${'0'.repeat(20)}` : target.token;
  switch (op.family) {
    case 'runtime':
      return { authorization: `Bearer ${token}`, 'x-bot-id': target.botId };
    case 'admin':
      return { authorization: `Bearer ${token}`, 'x-workspace-id': target.workspaceId };
    case 'chat':
      return { 'x-user-key': bad ? `${target.userKey.slice(0, -4)}AAAA` : target.userKey };
    default:
      return {};
  }
}
