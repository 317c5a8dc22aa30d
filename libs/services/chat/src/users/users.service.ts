import { Injectable } from '@nestjs/common';
import { signUserKey } from '@platform/auth';
import { InternalOperations as Internal, RuntimeOperations as Runtime, RuntimeUserView } from '@platform/contracts';
import { ChatAccess } from '../access/chat-access.policy';
import { RuntimeClient } from '../runtime/runtime-client';

/** What a user is made of in the runtime; each API maps its own fields onto it (the chat profile, the web chat's data). */
export interface UserFields {
  name?: string | null;
  pictureUrl?: string | null;
  /** Tags to set; null removes one. */
  tags?: Record<string, string | null>;
}

/** The integration's users are runtime users of its bot; their keys are signed with the integration's key. */
@Injectable()
export class UsersService {
  constructor(private readonly runtime: RuntimeClient) {}

  /** A new user (under a caller-chosen id if given) and its key. */
  async create(access: Pick<ChatAccess, 'webhook'>, fields: UserFields & { id?: string }): Promise<{ user: RuntimeUserView; key: string }> {
    const { user } = await this.createRuntimeUser(access, fields.id, fields);
    return { user, key: this.keyFor(access, user.id) };
  }

  /**
   * A key for this user id, signed with the integration's encryption key; it expires when asked,
   * or after the integration's `userKeyTtlSeconds` if set.
   */
  keyFor(access: Pick<ChatAccess, 'webhook'>, userId: string, expiresAtMs?: number): string {
    const now = Date.now();
    const ttl = access.webhook.userKeyTtlSeconds;
    return signUserKey(userId, access.webhook.encryptionKey, now, expiresAtMs ?? (ttl !== undefined ? now + ttl * 1000 : undefined));
  }

  /** The user named by the key, created under that id on first use (keys the caller signed itself included). */
  async getOrCreate(access: ChatAccess, fields: UserFields = {}): Promise<RuntimeUserView> {
    const existing = await this.runtime.call(Runtime.getUser, access, { params: { id: access.userId } }).catch(notFoundAsUndefined);
    if (existing) return existing.user;
    try {
      return (await this.createRuntimeUser(access, access.userId, fields, access.keyIssuedAt)).user;
    } catch (error) {
      // Created concurrently by another request of the same user: answer as if it had existed.
      if ((error as { type?: string }).type !== 'AlreadyExists') throw error;
      return this.get(access);
    }
  }

  async get(access: ChatAccess): Promise<RuntimeUserView> {
    return (await this.runtime.call(Runtime.getUser, access, { params: { id: access.userId } })).user;
  }

  /** Only the fields given change. */
  async update(access: ChatAccess, fields: UserFields): Promise<RuntimeUserView> {
    const { user } = await this.runtime.call(Runtime.updateUser, access, {
      params: { id: access.userId },
      body: {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.pictureUrl !== undefined ? { pictureUrl: fields.pictureUrl } : {}),
        ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
      },
    });
    return user;
  }

  async delete(access: ChatAccess): Promise<Record<string, never>> {
    await this.runtime.call(Runtime.deleteUser, access, { params: { id: access.userId } });
    return {};
  }

  private createRuntimeUser(
    access: Pick<ChatAccess, 'webhook'>,
    id: string | undefined,
    fields: UserFields,
    keyIssuedAt?: number,
  ): Promise<{ user: RuntimeUserView }> {
    const tags = Object.fromEntries(Object.entries(fields.tags ?? {}).filter(([, value]) => value)) as Record<string, string>;
    return this.runtime.call(Internal.createIntegrationUser, access, {
      body: {
        ...(id !== undefined ? { id } : {}),
        ...(fields.name != null ? { name: fields.name } : {}),
        ...(fields.pictureUrl != null ? { pictureUrl: fields.pictureUrl } : {}),
        integrationName: 'chat',
        tags,
        ...(keyIssuedAt !== undefined ? { keyIssuedAt } : {}),
      },
    }) as Promise<{ user: RuntimeUserView }>;
  }
}

/** A lookup that may find nothing: its 404 becomes `undefined`, any other failure stays one. */
export function notFoundAsUndefined(error: unknown): undefined {
  if ((error as { code?: number }).code === 404) return undefined;
  throw error;
}
