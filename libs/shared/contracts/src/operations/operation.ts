import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { Role } from '../roles';
import type { ServiceName } from '../subjects';

/**
 * The API families: each has its own address prefix, credential and payload limit (see
 * docs/contracts.md). `internal` operations are asked by one service of another, never over HTTP.
 */
export type Family = 'runtime' | 'admin' | 'chat' | 'webchat' | 'tables' | 'files' | 'internal';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Stable operations are `documented`; those that may still change are `experimental`. */
export type Stability = 'documented' | 'experimental';

/**
 * Who may call an operation. The receiving service enforces it before the handler runs (its
 * `AccessPolicy`), so a handler only ever sees callers that passed.
 */
export type Access =
  /** Anyone who knows the address (the chat API's `hello`). */
  | { kind: 'anyone' }
  /** Admin: any valid personal access token, no workspace needed. */
  | { kind: 'account' }
  /** Admin: the platform owner (the bootstrap account) only. */
  | { kind: 'platform-owner' }
  /**
   * Admin: a member of the `x-workspace-id` workspace holding at least this role; with
   * `fromPath`, of the workspace named by the path's `{id}` instead (the header is not read).
   */
  | { kind: 'workspace'; role: Role; fromPath?: true }
  /** Runtime: a developer (or above) of the bot's workspace, or the bot's own API key. */
  | { kind: 'bot' }
  /** Chat: a valid user key of the webhook's chat integration. */
  | { kind: 'chat-user' }
  /** Chat: a known webhook; no user yet (creating one). */
  | { kind: 'chat-webhook' }
  /** Web chat: a known webhook, and a valid user key if one is sent (a new visitor sends none). */
  | { kind: 'chat-visitor' }
  /** Web chat: a known webhook and its admin secret (the integration's encryption key). */
  | { kind: 'chat-admin' }
  /** Anyone who reaches the bus; the input carries its own credential (a signed file address). */
  | { kind: 'signed' }
  /** Internal: only these services. */
  | { kind: 'services'; services: ServiceName[] };

/** The specification of one operation, as a family file declares it. */
export interface OperationSpec<P = unknown, Q = unknown, B = unknown, R = unknown, H = unknown> {
  summary: string;
  /** Method and path relative to the family's prefix; absent for internal operations. */
  http?: { method: HttpMethod; path: string };
  /** Path parameters (the `{name}` segments of the path), query string and JSON body. */
  params?: Type<P>;
  query?: Type<Q>;
  body?: Type<B>;
  /**
   * Request headers that are input rather than credentials (`copyFile`'s `x-destination-bot-id`):
   * the class's properties are the header names, lowercase, as the official client names them.
   */
  headers?: Type<H>;
  /** The answer's shape, for the OpenAPI document. */
  response?: Type<R>;
  access: Access;
  /** Services that may also call this operation, acting for a bot (e.g. the chat integration). */
  services?: ServiceName[];
  stability?: Stability;
  /**
   * The answer is a live stream: the handler returns a `StreamGrant`, and the gateway relays
   * the granted subject to the caller as server-sent events.
   */
  stream?: boolean;
  /** Owning service, when it is not the family's. */
  service?: ServiceName;
  /**
   * The operation creates something: it honours `Idempotency-Key`, so a retry of a request whose
   * answer was lost (a timeout, a 503) gets the first answer rather than a second resource.
   */
  idempotent?: boolean;
}

/** A declared operation with everything derived from its declaration. */
export interface Operation<P = unknown, Q = unknown, B = unknown, R = unknown, H = unknown> extends OperationSpec<P, Q, B, R, H> {
  name: string;
  family: Family;
  service: ServiceName;
  /** NATS subject (without the deployment prefix) its service answers on. */
  subject: string;
  /** Unique id in the OpenAPI document. */
  operationId: string;
  /** Full HTTP path, OpenAPI style (`/v1/chat/messages/{id}`), for HTTP operations. */
  path?: string;
  stability: Stability;
}

/** Any operation, whatever its input and answer types (`unknown` would not accept the specific ones). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySpec = OperationSpec<any, any, any, any, any>;

type Instance<T> = unknown extends T ? object : T;

/** What a handler receives as `input`: path parameters, query and body, merged and validated. */
export type InputOf<O> = O extends Operation<infer P, infer Q, infer B, unknown, infer H> ? Instance<P> & Instance<Q> & Instance<B> & Instance<H> : never;
export type ResponseOf<O> = O extends Operation<unknown, unknown, unknown, infer R, unknown> ? (unknown extends R ? object : R) : never;

interface FamilyDefaults {
  service: ServiceName;
  /** Prefix of every path of the family, OpenAPI style. */
  prefix?: string;
  /** Prefix of operation ids in the OpenAPI document, where names would collide across families. */
  operationIdPrefix?: string;
}

type Declared<T extends Record<string, AnySpec>> = {
  [K in keyof T]: T[K] extends OperationSpec<infer P, infer Q, infer B, infer R, infer H> ? Operation<P, Q, B, R, H> : never;
};

/**
 * Declares the operations of one family. Each operation's name is its key; its NATS subject,
 * OpenAPI id and full path follow from it, so nothing else has to repeat them.
 */
export function defineOperations<T extends Record<string, AnySpec>>(family: Family, defaults: FamilyDefaults, specs: T): Declared<T> {
  const declared: Record<string, AnyOperation> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const service = spec.service ?? defaults.service;
    declared[name] = {
      ...spec,
      name,
      family,
      service,
      subject: `${service}.${family}.${name}`,
      operationId: defaults.operationIdPrefix ? `${defaults.operationIdPrefix}${name[0].toUpperCase()}${name.slice(1)}` : name,
      path: spec.http ? `${defaults.prefix ?? ''}${spec.http.path}` : undefined,
      stability: spec.stability ?? 'documented',
    };
  }
  return declared as Declared<T>;
}

/** The header names an operation takes as input: the properties its `headers` class validates. */
export function headerInputs(operation: AnyOperation): string[] {
  if (!operation.headers) return [];
  return [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(operation.headers, '', true, false)
        .map((m) => m.propertyName),
    ),
  ];
}

/** The `{name}` segments of an OpenAPI path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}
