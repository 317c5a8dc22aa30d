/** Replies of operations that services call on each other (never exposed over HTTP). */

export interface InstalledIntegration {
  alias: string;
  integrationId: string;
  webhookId: string;
}

/** The admin service's answer to "may this token act on this bot through the runtime API?". */
export interface RuntimeAuthorization {
  botId: string;
  workspaceId: string;
  integrations: InstalledIntegration[];
}

/** What the chat service needs to serve `{chat_url}/{webhookId}`. */
export interface WebhookResolution {
  webhookId: string;
  botId: string;
  alias: string;
  /** Signs and verifies the user keys of this chat integration instance. */
  encryptionKey: string;
}

/** Requests the chat service makes to the runtime service, which owns the bot's data. */
export interface ChatUserInput {
  botId: string;
  id?: string;
  name?: string;
  pictureUrl?: string;
  profile?: string;
}

export interface ChatScopedInput {
  botId: string;
  /** The chat user acting. */
  userId: string;
}

/** Where and with what configuration the runtime delivers a bot's events. */
export interface DeliveryTarget {
  botId: string;
  /** Absent while the bot has no code to deliver to: its events accumulate. */
  url: string | null;
  configuration: Record<string, unknown>;
}

/** Published when a bot changes: replicas drop what they cached about it and its webhooks. */
export interface BotInvalidation {
  botId: string;
  webhookIds: string[];
}

/**
 * Published when credentials or memberships change: replicas drop the authorisations they
 * cached for these token hashes and for every caller of these workspaces.
 */
export interface AccessInvalidation {
  tokenHashes?: string[];
  workspaceIds?: string[];
}
