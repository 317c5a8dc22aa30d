/**
 * NATS subjects that are not operations (operations derive theirs from their declaration, see
 * `operations/`). Names are given without the deployment prefix; the bus adds it.
 */
export const Subjects = {
  health: (service: string) => `${service}.health`,
  /**
   * Fan-out notices that cached facts changed, so every replica drops them at once instead of
   * serving them until a TTL runs out.
   */
  invalidate: {
    /** `{ botId, webhookIds }`: the bot's settings, integrations or existence changed. */
    bot: 'invalidate.bot',
    /** `{ tokenHashes?, workspaceIds? }`: credentials revoked, or memberships of workspaces changed. */
    access: 'invalidate.access',
  },
  delivery: {
    /** Events were queued for delivery: every runtime replica's dispatcher looks for due lanes. */
    wake: 'delivery.wake',
  },
  schedules: {
    /** Something was scheduled: every runtime replica's scheduler looks again for when the next item is due. */
    wake: 'schedules.wake',
  },
  /** What each gateway replica counted toward the rate limits lately, for the others to add (fan-out). */
  rateLimits: 'gateway.rate-limits',
  /** Requests for one replica of the bots service: the bots it runs are reached through it (docs/bot-hosting.md). */
  botsReplica: (replicaId: string) => `bots.replica.${replicaId}`,
  /** Live signals of one conversation, published by the runtime to every listener (fan-out). */
  signals: (botId: string, conversationId: string) => `signals.${botId}.${conversationId}`,
} as const;

export const SERVICES = ['runtime', 'admin', 'chat', 'bots', 'tables', 'files'] as const;
export type ServiceName = (typeof SERVICES)[number];
