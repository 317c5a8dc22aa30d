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
  /** How long the user keys it issues are valid (configuration `userKeyTtlSeconds`); absent: no expiry. */
  userKeyTtlSeconds?: number;
}

/** Where and with what configuration the runtime delivers a bot's events. */
export interface DeliveryTarget {
  botId: string;
  /** Absent while the bot has no code to deliver to: its events accumulate. */
  url: string | null;
  configuration: Record<string, unknown>;
  /** When the bot's code was deployed, if it has code: its events then go to that code, run by the bots service. */
  deployedAt: string | null;
  /** Changes whenever the bot does (`updatedAt`): code run with an older revision is refreshed first. */
  revision: string;
  /** Sign each delivery (`x-bp-signature`): the bot's current secret first, then any rotated out within the last day. */
  signingSecrets?: string[];
}

/** Published when a bot changes: replicas drop what they cached about it and its webhooks. */
export interface BotInvalidation {
  botId: string;
  webhookIds: string[];
}

/**
 * Published when credentials, memberships or accounts change: replicas drop the authorisations
 * they cached for these token hashes, for every caller of these workspaces, and for these
 * accounts (whose details the admin service keeps with its own grants).
 */
export interface AccessInvalidation {
  tokenHashes?: string[];
  workspaceIds?: string[];
  accountIds?: string[];
}

/** What the bots service needs to run a bot's deployed code (admin's answer to `botDeployment`). */
export interface BotDeployment {
  botId: string;
  /** Identifies the deployment: a redeploy gives a new one. */
  deployedAt: string;
  /** The bot's revision (`updatedAt`) this answer reflects: secrets may change without a new deployment. */
  revision: string;
  /** The bundle `bp build` made: a CommonJS module exporting `handler`. */
  code: string;
  configuration: Record<string, unknown>;
  /** The bot's secrets by name, in clear: they reach its process only. */
  secrets: Record<string, string>;
  /** A bot API key minted for this deployment: the process's `BP_TOKEN`. */
  token: string;
}

/** A request the sdk's bot handler serves (`x-bp-operation` and the other headers say what it is). */
export interface BotRequest {
  headers: Record<string, string>;
  body?: string;
}

/** The bot handler's answer to a `BotRequest`. */
export interface BotAnswer {
  status: number;
  body?: string;
  /** Why the platform answered for the code (it crashed, ran out of time or memory, is restarting). */
  reason?: string;
}
