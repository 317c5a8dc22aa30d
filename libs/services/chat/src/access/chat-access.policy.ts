import { Injectable } from '@nestjs/common';
import { constantTimeEqual, hashSecret, SignedClaimsCache } from '@platform/auth';
import { AnyOperation, Caller, ChatCaller, Errors, WebhookResolution } from '@platform/contracts';
import { AccessPolicy } from '@platform/messaging';
import { WebhookResolver } from '../webhooks/webhook-resolver.service';

/** Who calls the chat API: the webhook's chat integration instance and, with a valid key, its user. */
export interface ChatAccess {
  webhook: WebhookResolution;
  /** The chat user of the key (operations that act as a user). */
  userId: string;
  /** The key itself: a live stream rests on it, and is checked again with it. */
  userKey: string;
  /** When the key was issued (its `iat`, Unix seconds; 0 when it does not say). */
  keyIssuedAt?: number;
}

/** A web chat visitor: a known user when a key was sent, a new one otherwise. */
export type VisitorAccess = Pick<ChatAccess, 'webhook'> & Partial<Pick<ChatAccess, 'userId' | 'userKey' | 'keyIssuedAt'>>;

/**
 * The chat API's access rule, and the web chat's (same webhook, same keys): the webhook must
 * serve the chat API (404 otherwise); operations acting as a user need a key signed with the
 * integration's encryption key (401 otherwise); a web chat visitor may come without a key but not
 * with a bad one; issuing keys needs the integration's admin secret, its encryption key.
 */
@Injectable()
export class ChatAccessPolicy extends AccessPolicy {
  /** A user's key comes with each of their requests: its signature is checked once. */
  private readonly userKeys = new SignedClaimsCache();

  constructor(private readonly webhooks: WebhookResolver) {
    super();
  }

  protected async forCaller(operation: AnyOperation, caller: Caller): Promise<Partial<ChatAccess> & VisitorAccess> {
    const { webhookId, userKey, adminSecretHash } = caller as ChatCaller;
    const webhook = await this.webhooks.resolve(webhookId);
    switch (operation.access.kind) {
      case 'chat-user':
        return { webhook, ...this.userOf(userKey, webhook) };
      case 'chat-visitor':
        return userKey ? { webhook, ...this.userOf(userKey, webhook) } : { webhook };
      case 'chat-admin':
        if (!adminSecretHash || !constantTimeEqual(adminSecretHash, hashSecret(webhook.encryptionKey))) {
          throw Errors.unauthorized('The admin secret is not valid for this webhook');
        }
        return { webhook };
      default:
        return { webhook };
    }
  }

  /**
   * The user a key names. The bot's own user (whose id is the bot id) is the bot's alone: no key,
   * even one signed with the integration's key, acts as the bot.
   */
  private userOf(userKey: string | undefined, webhook: WebhookResolution): Pick<ChatAccess, 'userId' | 'userKey' | 'keyIssuedAt'> {
    const claims = userKey ? this.userKeys.claims(userKey, webhook.encryptionKey) : undefined;
    const userId = typeof claims?.id === 'string' && claims.id.length > 0 ? claims.id : undefined;
    if (!userKey || !userId) throw Errors.unauthorized('The user key is not valid for this webhook');
    if (userId === webhook.botId) throw Errors.forbidden("The bot's own user cannot be acted as with a user key");
    // A key that does not say when it was issued cannot show it is newer than a deletion.
    return { userId, userKey, keyIssuedAt: typeof claims?.iat === 'number' ? claims.iat : 0 };
  }
}
