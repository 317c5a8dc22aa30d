import type { ServiceName } from './subjects';

/**
 * Who is calling, as the gateway parsed it from the request. Tokens never travel between
 * services in clear: the gateway hashes them first.
 */
export interface AdminCaller {
  tokenHash: string;
  workspaceId?: string;
}

export interface RuntimeCaller {
  tokenHash: string;
  botId: string;
  integrationId?: string;
  integrationAlias?: string;
}

/** A caller of the chat API, or of the web chat's (whose `clientId` is the same webhook id). */
export interface ChatCaller {
  webhookId: string;
  /** Absent only on operations that need no user (hello, createUser, a new web chat visitor). */
  userKey?: string;
  /** SHA-256 of the web chat's `x-admin-secret` header, when sent (the integration's encryption key). */
  adminSecretHash?: string;
}

/**
 * A platform service calling another one. When it acts for a bot (the chat integration writing
 * a chat user's message), it names the bot and the integration instance it acts through.
 */
export interface ServiceCaller {
  service: ServiceName;
  botId?: string;
  integrationAlias?: string;
  /** The end user the service acts for (a chat user): the runtime lets them reach only their conversations. */
  userId?: string;
}

/** Whoever presents a signed file address: the address is the credential, the caller is nobody in particular. */
export interface SignedCaller {
  signed: true;
}

export type Caller = AdminCaller | RuntimeCaller | ChatCaller | ServiceCaller | SignedCaller;

export function isServiceCaller(caller: unknown): caller is ServiceCaller {
  return typeof caller === 'object' && caller !== null && typeof (caller as ServiceCaller).service === 'string';
}

/**
 * The one envelope of every request on the bus, from the gateway or from another service: the
 * request id (so every log line of every hop carries it), who calls, and the operation's input
 * as the HTTP request carried it. The receiving service validates all of it before its handler
 * runs (docs/architecture.md, "the envelope").
 */
export interface Envelope<TCaller = Caller> {
  requestId: string;
  /** How long the caller still waits for the answer; a hop never waits longer than this. */
  timeoutMs?: number;
  /**
   * The caller's `Idempotency-Key` for an operation declared `idempotent`: a retry with the same
   * key gets the first answer instead of doing the work again (docs/contracts.md, "Idempotency").
   */
  idempotencyKey?: string;
  caller: TCaller;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The request headers the operation declares as input (`headers`), by lowercase name. */
  headers?: Record<string, unknown>;
}
