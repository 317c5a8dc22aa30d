import { CHAT_INTEGRATION_PUBLIC_ID } from '@platform/contracts';

/**
 * Integrations this platform ships. A bot can install only these; the chat integration serves
 * the chat API at `{chat_url}/{webhookId}` (docs/contracts.md, "Identifiers").
 */
export interface IntegrationDefinition {
  id: string;
  /** The id answers show (28 to 36 characters, as the API's integration ids). */
  publicId: string;
  name: string;
  version: string;
  title: string;
  description: string;
  /** Configuration keys the integration understands, with a check for each. */
  configuration: Record<string, (value: unknown) => string | undefined>;
}

export const CHAT_INTEGRATION_ID = 'chat';

export const BUILTIN_INTEGRATIONS: Record<string, IntegrationDefinition> = {
  [CHAT_INTEGRATION_ID]: {
    id: CHAT_INTEGRATION_ID,
    publicId: CHAT_INTEGRATION_PUBLIC_ID,
    name: 'chat',
    version: '1.0.0',
    title: 'Chat',
    description: 'Chat API for end users, compatible with @botpress/chat',
    configuration: {
      encryptionKey: (v) => (typeof v === 'string' && v.length >= 8 && v.length <= 512 ? undefined : 'must be a string of 8 to 512 characters'),
      // Self-hosting: keys issued by createUser expire after this long (none by default).
      userKeyTtlSeconds: (v) =>
        Number.isInteger(v) && (v as number) >= 60 && (v as number) <= 31_536_000 ? undefined : 'must be a whole number of seconds from 60 to 31536000',
    },
  },
};
