import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The published description of the cloud's APIs (npm `@botpress/api`, the version the platform
 * is checked against), to validate our answers with: the shapes must be the cloud's, not
 * approximations. The documents are exported once per machine into the temp folder.
 */
const VERSION = '1.70.2';
const FAMILIES = ['runtime', 'admin', 'files', 'tables'] as const;

type OpenApi = {
  paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> }>>;
  components: Record<string, Record<string, unknown>>;
};

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  validate: ValidateFunction;
}

/**
 * Fields `@botpress/client` 1.45.0 declares beyond the 1.70.2 description, by family and component
 * schema: where the two differ the client's types win (the reference's README), so these are
 * accepted; nothing else is.
 */
const CLIENT_ADDITIONS: Partial<Record<(typeof FAMILIES)[number], Record<string, Record<string, unknown>>>> = {
  admin: {
    Bot: { secrets: { type: 'array', items: { type: 'string' } }, type: { type: 'string', enum: ['studio', 'adk', 'desk'] } },
  },
  runtime: {
    Conversation: { messageCount: { type: 'integer', minimum: 0 } },
    State: { expiry: { type: 'number' }, expiresAt: { type: 'string', format: 'date-time' } },
  },
};

/** Operations `@botpress/client` 1.45.0 has and the 1.70.2 description does not, with the answer its types declare. */
const CLIENT_OPERATIONS: Array<{ method: string; template: string; schema: object }> = [
  {
    method: 'post',
    template: '/v1/admin/bots/{id}/signing-secrets/rotate',
    schema: { type: 'object', properties: { newSigningSecret: { type: 'string' } }, required: ['newSigningSecret'], additionalProperties: false },
  },
];

/** The client's get-or-create answers also say whether the resource was created. */
const CREATED_META = {
  type: 'object',
  properties: { created: { type: 'boolean' } },
  required: ['created'],
  additionalProperties: false,
};

let routes: Route[] | undefined;

/** The reference's schema checker for the answer of `method path`, or undefined if it describes no such operation. */
export function referenceValidator(method: string, path: string): ValidateFunction | undefined {
  routes ??= loadRoutes();
  const candidates = routes.filter((r) => r.method === method.toLowerCase() && r.pattern.test(path));
  // `/v1/chat/messages/get-or-create` is the literal route, not `/v1/chat/messages/{id}`.
  return candidates.sort((a, b) => b.literals - a.literals)[0]?.validate;
}

/** Throws, naming each difference, unless `body` is exactly what the reference answers to `method path`. */
export function assertMatchesReference(method: string, path: string, body: unknown): void {
  const validate = referenceValidator(method, path);
  if (!validate) throw new Error(`The reference describes no operation ${method.toUpperCase()} ${path}`);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '(answer)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${e.params.additionalProperty}'` : ''}`,
    );
    throw new Error(
      `The answer to ${method.toUpperCase()} ${path} differs from the reference:\n  ${problems.join('\n  ')}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

function loadRoutes(): Route[] {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const result: Route[] = [];
  for (const family of FAMILIES) {
    const document = withClientAdditions(family, withoutBareNullable(referenceDocument(family)) as OpenApi);
    ajv.addSchema({ components: document.components }, `${family}.json`);
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // Creating operations answer 201 in the reference (the clients take either).
        const ok = operation.responses?.['200'] ?? operation.responses?.['201'];
        if (!ok) continue;
        const responseRef = ok.$ref ? (document.components.responses[ok.$ref.split('/').pop()!] as typeof ok) : ok;
        const schema = responseRef.content?.['application/json']?.schema;
        if (!schema) continue;
        const validate = ajv.compile(rebase(schema, `${family}.json`) as object);
        result.push(route(method, template, validate));
      }
    }
  }
  for (const { method, template, schema } of CLIENT_OPERATIONS) result.push(route(method, template, ajv.compile(schema)));
  return result;
}

function route(method: string, template: string, validate: ValidateFunction): Route {
  const literals = template.split('/').filter((s) => s && !s.startsWith('{')).length;
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return { method, template, pattern, literals, validate };
}

/** The reference document of a family, exported from `@botpress/api` on first use. */
export function referenceDocument(family: (typeof FAMILIES)[number]): unknown {
  const folder = join(tmpdir(), `botpress-api-${VERSION}`, family);
  const file = join(folder, 'openapi.json');
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });

    const api = require('@botpress/api') as Record<string, { exportOpenapi(dir: string): void }>;
    const log = console.log;
    console.log = () => undefined; // the exporter narrates its progress
    try {
      api[`${family}Api`].exportOpenapi(folder);
    } finally {
      console.log = log;
    }
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The reference document with the fields the client declares beyond it (`CLIENT_ADDITIONS`). */
function withClientAdditions(family: (typeof FAMILIES)[number], document: OpenApi): OpenApi {
  for (const [name, properties] of Object.entries(CLIENT_ADDITIONS[family] ?? {})) {
    const schema = document.components.schemas[name] as { properties: Record<string, unknown> };
    Object.assign(schema.properties, properties);
  }
  for (const [name, response] of Object.entries(document.components.responses ?? {})) {
    if (!name.startsWith('getOrCreate')) continue;
    const schema = (response as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }).content['application/json'].schema;
    schema.properties.meta ??= CREATED_META;
  }
  return document;
}

/** OpenAPI 3.0's `nullable` without a `type` means nothing to JSON Schema: drop it. */
function withoutBareNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBareNullable);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([k]) => !(k === 'nullable' && !('type' in value)));
    return Object.fromEntries(entries.map(([k, v]) => [k, withoutBareNullable(v)]));
  }
  return value;
}

/** Local `#/components/...` references point into the family's registered document. */
function rebase(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rebase(v, id));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : rebase(v, id)]),
    );
  }
  return value;
}
