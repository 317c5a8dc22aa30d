import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { Client as PgClient } from 'pg';
import type { AxiosInstance } from 'axios';
import { assertMatchesReference } from './reference-api';

/** Settings of the mesh started by the e2e global setup. */
export const e2e = {
  get url(): string {
    return required('E2E_URL');
  },
  get token(): string {
    return required('E2E_TOKEN');
  },
  get chatUrl(): string {
    return `${required('E2E_URL')}/chat`;
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e tests through jest.e2e.config.js`);
  return value;
}

/**
 * An official client with no retries, so failures show at once, on the e2e mesh (or the one at
 * `apiUrl`). Every successful answer it receives is validated against the cloud's published API
 * description (the test fails on any field the cloud would not send, or shape it would not
 * have): every e2e test makes its calls through this, so every answer is checked.
 */
export function client(
  props: {
    apiUrl?: string;
    token?: string;
    workspaceId?: string;
    botId?: string;
    integrationAlias?: string;
    integrationId?: string;
    headers?: Record<string, string>;
  } = {},
): Client {
  return checkAnswers(new Client({ apiUrl: props.apiUrl ?? e2e.url, token: props.token ?? e2e.token, retry: { retries: 0 }, ...props }));
}

/** Validates every successful answer the client receives against the reference description. */
export function checkAnswers(official: Client): Client {
  const axios = (official as unknown as { axiosInstance: AxiosInstance }).axiosInstance;
  axios.interceptors.response.use((response) => {
    const url = new URL(response.config.url ?? '', response.config.baseURL);
    assertMatchesReference(response.config.method ?? 'get', url.pathname, response.data);
    return response;
  });
  return official;
}

export async function defaultWorkspaceId(token = e2e.token): Promise<string> {
  const { workspaces } = await client({ token }).listWorkspaces({});
  return workspaces[0].id;
}

export interface ChatBot {
  botId: string;
  workspaceId: string;
  webhookId: string;
  admin: Client;
  runtime: Client;
  chat: ChatClient;
  chatApiUrl: string;
}

/** A new bot with the chat integration installed under the alias `webchat`. */
export async function createChatBot(configuration: Record<string, unknown> = {}, name = 'e2e bot'): Promise<ChatBot> {
  const workspaceId = await defaultWorkspaceId();
  const admin = client({ workspaceId });
  const { bot } = await admin.createBot({ name });
  const { bot: updated } = await admin.updateBot({
    id: bot.id,
    integrations: { webchat: { integrationId: 'chat', enabled: true, configuration } },
  });
  const webhookId = updated.integrations.webchat.webhookId;
  const chatApiUrl = `${e2e.chatUrl}/${webhookId}`;
  return {
    botId: bot.id,
    workspaceId,
    webhookId,
    admin,
    runtime: client({ botId: bot.id, integrationAlias: 'webchat' }),
    chat: new ChatClient({ apiUrl: chatApiUrl }),
    chatApiUrl,
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
  /** With `untilClosed`: why sending the request's body failed after the answer came (a connection closed under it), if it did. */
  uploadError?: string;
}

/** How long `raw` waits on a connection where nothing moves before it reports a hang. */
const RAW_IDLE_MS = 45000;

/**
 * A plain HTTP request, for what the official clients never send: unknown properties, wrong
 * content types, malformed JSON, chunked or oversized bodies.
 */
export function raw(
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: AsyncIterable<Buffer> | Iterable<Buffer>;
    /** Settle only once the connection is closed, with how sending the body ended (`uploadError`). */
    untilClosed?: boolean;
  } = {},
): Promise<RawResponse> {
  const url = new URL(path, e2e.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    let uploadError: string | undefined;
    let answer: RawResponse | undefined;
    let closed = false;
    const settle = () => answer && (closed || !options.untilClosed) && resolve({ ...answer, ...(uploadError ? { uploadError } : {}) });
    const req = httpRequest(
      url,
      {
        method,
        // A connection of its own: a refused body's connection is closed by the gateway, never reused.
        agent: false,
        headers: {
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        // An answer cut off before its end is an error, not a wait.
        res.on('close', () => res.complete || reject(new Error(`${method} ${path}: the ${res.statusCode} answer was cut off`)));
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          answer = { status: res.statusCode!, headers: res.headers, text, json };
          settle();
        });
      },
    );
    // A server refusing a body may close the connection while we are still sending it: once its
    // answer has arrived, that is the answer.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) reject(error);
      else uploadError = error.code ?? error.message;
    });
    req.on('close', () => {
      closed = true;
      settle();
    });
    // A connection silent for this long is a hang to report, well before the test's own timeout.
    req.setTimeout(RAW_IDLE_MS, () => req.destroy(new Error(`${method} ${path}: nothing received or sent for ${RAW_IDLE_MS} ms (answered: ${answered})`)));
    if (options.chunks) {
      void (async () => {
        try {
          for await (const chunk of options.chunks!) {
            if (req.destroyed) return;
            if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          }
          req.end();
        } catch {
          // the response (or the error) settles the promise
        }
      })();
    } else {
      req.end(options.body);
    }
  });
}

/** Asserts the standard error body of docs/contracts.md ("Errors"). */
export function expectErrorBody(body: any, code: number, type: string): void {
  expect(body).toEqual({ id: expect.stringMatching(/^err_\d{14}[0-9A-F]{8}$/), code, type, message: expect.any(String) });
}

export interface E2eAccount {
  token: string;
  accountId: string;
  email: string;
}

/**
 * A new account with its first token, made the way an operator would: the platform owner (the
 * bootstrap account) creates it through the admin API.
 */
export async function newAccount(email = `e2e-${randomBytes(6).toString('hex')}@example.com`): Promise<E2eAccount> {
  const res = await raw('POST', '/v1/admin/accounts', {
    headers: { authorization: `Bearer ${e2e.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`createAccount answered ${res.status}: ${res.text}`);
  return { token: res.json.token, accountId: res.json.account.id, email: res.json.account.email };
}

/** A second account with a workspace of its own, of which it is the owner. */
export async function secondAccount(): Promise<E2eAccount & { workspaceId: string }> {
  const account = await newAccount();
  const workspace = await client({ token: account.token }).createWorkspace({ name: 'Second account workspace' });
  return { ...account, workspaceId: workspace.id };
}

/** A new account invited to the workspace with this role by `admin` (its owner by default), having accepted. */
export async function newMember(workspaceId: string, role: Role, admin: Client = client({ workspaceId })): Promise<E2eAccount & { memberId: string }> {
  const account = await newAccount();
  const member = await admin.createWorkspaceMember({ email: account.email, role });
  await acceptInvitation(account.token, member.id);
  return { ...account, memberId: member.id };
}

/** The invited account accepts an invitation (an operation the official client does not have). */
export async function acceptInvitation(token: string, invitationId: string): Promise<{ status: number; json: any }> {
  const res = await raw('POST', `/v1/admin/account/invitations/${encodeURIComponent(invitationId)}/accept`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`acceptAccountInvitation answered ${res.status}: ${res.text}`);
  return res;
}

export type Role = 'viewer' | 'billing' | 'developer' | 'manager' | 'administrator' | 'owner';

/** An account id (docs/contracts.md, "Identifiers"). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** ISO 8601 UTC with milliseconds (docs/contracts.md, "Identifiers"). */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An official client that sends no credential at all. */
export function anonymousClient(props: { apiUrl?: string; workspaceId?: string; botId?: string; integrationAlias?: string } = {}): Client {
  return checkAnswers(new Client({ apiUrl: props.apiUrl ?? e2e.url, retry: { retries: 0 }, ...props }));
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Awaits a call of an official client that must fail, and asserts the typed error the client
 * made of the response: its class, `code`, `type`, and an error id in the standard shape.
 */
export async function expectClientError<E extends ErrorClass>(call: Promise<unknown>, errorClass: E, code: number, type: string): Promise<InstanceType<E>> {
  let thrown: unknown;
  try {
    await call;
  } catch (err) {
    thrown = err;
  }
  if (thrown === undefined) throw new Error(`Expected the call to fail with ${type} (${code}), but it succeeded`);
  expect(thrown).toBeInstanceOf(errorClass);
  const err = thrown as { code: number; type: string; id?: string; message: string };
  expect({ code: err.code, type: err.type }).toEqual({ code, type });
  expect(err.id).toMatch(/^err_\d{14}[0-9A-F]{8}$/);
  expect(err.message).toEqual(expect.any(String));
  return thrown as InstanceType<E>;
}

/**
 * Runs one SQL statement on the e2e run's database: to check what is stored (hashes, purged
 * rows), or to seed what no API call can arrange (rows sharing one timestamp).
 */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = [], databaseUrl = required('E2E_DATABASE_URL')): Promise<T[]> {
  const db = new PgClient({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** Every line of a bot's logs matching the query, across all pages, as `<level> <message>`. */
export async function allBotLogLines(admin: Client, query: Parameters<Client['getBotLogs']>[0]): Promise<string[]> {
  const lines: string[] = [];
  let nextToken: string | undefined;
  do {
    const page = await admin.getBotLogs({ ...query, nextToken });
    lines.push(...page.logs.map((l) => `${l.level} ${l.message}`));
    nextToken = page.nextToken;
  } while (nextToken);
  return lines;
}

/**
 * Tests of what only the mesh has (replicas, extra gateways, separate processes): skipped when the
 * suite runs against the one-process platform (E2E_MODE=embedded).
 */
export const describeOnMesh: jest.Describe = ((name: string, body: () => void) =>
  process.env.E2E_MODE === 'embedded' ? describe.skip(name, body) : describe(name, body)) as jest.Describe;
