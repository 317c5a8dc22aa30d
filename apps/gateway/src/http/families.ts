const MB = 1024 * 1024;

export interface Family {
  name: 'chat' | 'runtime' | 'admin' | 'tables' | 'files' | 'webhook';
  prefix: string;
  maxBodyBytes: number;
  /** Only JSON bodies are accepted (webhooks take whatever the sender posts). */
  jsonOnly: boolean;
}

/** Payload limits by path prefix (DESIGN §3). Order matters: the first matching prefix wins. */
export const FAMILIES: Family[] = [
  { name: 'runtime', prefix: '/v1/chat/', maxBodyBytes: 1 * MB, jsonOnly: true },
  { name: 'admin', prefix: '/v1/admin/', maxBodyBytes: 50 * MB, jsonOnly: true },
  { name: 'tables', prefix: '/v1/tables/', maxBodyBytes: 40 * MB, jsonOnly: true },
  { name: 'files', prefix: '/v1/files/', maxBodyBytes: 1 * MB, jsonOnly: true },
  { name: 'chat', prefix: '/chat/', maxBodyBytes: 1 * MB, jsonOnly: true },
  { name: 'webhook', prefix: '/webhook/', maxBodyBytes: 100 * MB, jsonOnly: false },
];

/** Requests outside every family (health, docs, unknown paths) may carry at most this much. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export function familyOf(path: string): Family | undefined {
  return FAMILIES.find((f) => path.startsWith(f.prefix) || path === f.prefix.slice(0, -1));
}
