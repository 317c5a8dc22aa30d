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

export interface ChatCaller {
  webhookId: string;
  /** Absent only on operations that need no user (hello, createUser). */
  userKey?: string;
}

/** Every request a service receives from the gateway. */
export interface ServiceRequest<TCaller, TInput = Record<string, never>> {
  requestId: string;
  caller: TCaller;
  input: TInput;
}
