import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BotInvalidation, InternalOperations as Internal, Subjects, WebhookResolution } from '@platform/contracts';
import { BusClient, ExpiringCache, serviceEnvelope } from '@platform/messaging';

/** How long a resolved webhook is reused before asking the admin service again. */
const CACHE_TTL_MS = 5000;
const CACHE_MAX_ENTRIES = 10000;
/** While the admin service is away (a restart), the chat API keeps serving known webhooks this long. */
const STALE_ON_OUTAGE_MS = 5 * 60 * 1000;

/**
 * Turns `{webhookId}` into the bot and chat integration instance behind it, asking the admin
 * service (which owns bots) and caching the answer until a notice says it changed.
 */
@Injectable()
export class WebhookResolver implements OnApplicationBootstrap {
  private readonly cache = new ExpiringCache<WebhookResolution>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES, staleOnOutageMs: STALE_ON_OUTAGE_MS });

  constructor(private readonly bus: BusClient) {}

  /** A webhook uninstalled, disabled or re-keyed stops being served at once on every replica. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.cache.forgetKeys((notice as BotInvalidation).webhookIds));
  }

  /** 404 for a webhook that does not serve the chat API. */
  resolve(webhookId: string): Promise<WebhookResolution> {
    return this.cache.get(
      webhookId,
      () => this.bus.call(Internal.resolveWebhook, serviceEnvelope({ service: 'chat' }, { body: { webhookId } })) as Promise<WebhookResolution>,
    );
  }
}
