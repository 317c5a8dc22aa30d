const MB = 1024 * 1024;

export interface Family {
  name: 'chat' | 'webchat' | 'runtime' | 'admin' | 'tables' | 'files' | 'webhook';
  prefix: string;
  maxBodyBytes: number;
  /** Only JSON bodies are accepted (webhooks take whatever the sender posts). */
  jsonOnly: boolean;
  /**
   * Which CORS setting applies (docs/contracts.md, "Browsers"): the end-user families (`chat`,
   * `CORS_ORIGINS`, every origin by default) or the developer APIs (`API_CORS_ORIGINS`, none by default).
   */
  cors?: 'end-user' | 'developer';
}

/** The web chat's API carries what the chat API carries. */
const CHAT_MAX_BODY_BYTES = 1 * MB;

/** Payload limits by path prefix (docs/contracts.md, "Payload limits"). Order matters: the first matching prefix wins. */
export const FAMILIES: Family[] = [
  { name: 'runtime', prefix: '/v1/chat/', maxBodyBytes: 1 * MB, jsonOnly: true, cors: 'developer' },
  { name: 'admin', prefix: '/v1/admin/', maxBodyBytes: 50 * MB, jsonOnly: true, cors: 'developer' },
  { name: 'tables', prefix: '/v1/tables/', maxBodyBytes: 40 * MB, jsonOnly: true, cors: 'developer' },
  { name: 'files', prefix: '/v1/files/', maxBodyBytes: 1 * MB, jsonOnly: true },
  { name: 'chat', prefix: '/chat/', maxBodyBytes: CHAT_MAX_BODY_BYTES, jsonOnly: true, cors: 'end-user' },
  { name: 'webchat', prefix: '/webchat/', maxBodyBytes: CHAT_MAX_BODY_BYTES, jsonOnly: true, cors: 'end-user' },
  { name: 'webhook', prefix: '/webhook/', maxBodyBytes: 100 * MB, jsonOnly: false },
];

/** Requests outside every family (health, docs, unknown paths) may carry at most this much. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export function familyOf(path: string): Family | undefined {
  return FAMILIES.find((f) => path.startsWith(f.prefix) || path === f.prefix.slice(0, -1));
}
