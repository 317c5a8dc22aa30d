import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { verifyUserKey } from '@platform/auth';
import { BotInvalidation, ChatCaller, Errors, Subjects, WebhookResolution } from '@platform/contracts';
import { BusClient, ExpiringCache } from '@platform/messaging';

/** How long a resolved webhook is reused before asking the admin service again. */
const CACHE_TTL_MS = 5000;
const CACHE_MAX_ENTRIES = 10000;

export interface ChatUserContext {
  webhook: WebhookResolution;
  userId: string;
}

/**
 * Turns `{webhookId}` into the bot and chat integration behind it (asking the admin service,
 * which owns bots), and a user key into the user it names.
 */
@Injectable()
export class WebhookResolver implements OnApplicationBootstrap {
  private readonly cache = new ExpiringCache<WebhookResolution>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);

  constructor(private readonly bus: BusClient) {}

  /** A webhook uninstalled, disabled or re-keyed stops being served at once on every replica. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.cache.forgetKeys((notice as BotInvalidation).webhookIds));
  }

  resolve(webhookId: string): Promise<WebhookResolution> {
    return this.cache.get(webhookId, () => this.bus.request<WebhookResolution>(Subjects.admin.resolveWebhook, { webhookId }));
  }

  /** The webhook and the user of a valid key: 404 for an unknown webhook, 401 for a bad key. */
  async authenticate(caller: ChatCaller): Promise<ChatUserContext> {
    const webhook = await this.resolve(caller.webhookId);
    const userId = caller.userKey ? verifyUserKey(caller.userKey, webhook.encryptionKey) : undefined;
    if (!userId) throw Errors.unauthorized('The user key is not valid for this webhook');
    return { webhook, userId };
  }
}
