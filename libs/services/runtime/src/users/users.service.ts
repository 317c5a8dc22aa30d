import { Injectable } from '@nestjs/common';
import { Errors, newId } from '@platform/contracts';
import { applyTagChanges, TagChanges } from '../common/tags';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';
import { ConversationSignals } from '../signals/conversation-signals';

export interface NewUser {
  botId: string;
  /** Chosen by the caller, else generated. */
  id?: string;
  integration: string | null;
  name?: string;
  pictureUrl?: string;
  tags?: TagChanges;
}

/** Fields to change; an absent field keeps its value, a null one is cleared. */
export interface UserChanges {
  name?: string | null;
  pictureUrl?: string | null;
  tags?: TagChanges;
}

/** The rules of a bot's users, whichever API (chat or runtime) acts on them. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly signals: ConversationSignals,
  ) {}

  build(input: NewUser): UserEntity {
    const now = new Date();
    return {
      botId: input.botId,
      id: input.id ?? newId('user'),
      integration: input.integration,
      name: input.name ?? null,
      pictureUrl: input.pictureUrl ?? null,
      tags: applyTagChanges({}, input.tags),
      createdAt: now,
      updatedAt: now,
    };
  }

  /** A new user; a taken id is 409. */
  async create(input: NewUser): Promise<UserEntity> {
    const user = this.build(input);
    await this.users.insert(user);
    return user;
  }

  async require(botId: string, id: string): Promise<UserEntity> {
    const user = await this.users.find(botId, id);
    if (!user) throw Errors.notFound('User', id);
    return user;
  }

  async update(user: UserEntity, input: UserChanges): Promise<UserEntity> {
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.pictureUrl !== undefined ? { pictureUrl: input.pictureUrl } : {}),
      ...(input.tags !== undefined ? { tags: applyTagChanges(user.tags, input.tags) } : {}),
      updatedAt: new Date(),
    };
    await this.users.update(user.botId, user.id, changes);
    return { ...user, ...changes };
  }

  /** Deletes the user; its participations go with it, and its live streams end. */
  async delete(botId: string, id: string): Promise<void> {
    const conversationIds = await this.users.delete(botId, id);
    if (!conversationIds) throw Errors.notFound('User', id);
    for (const conversationId of conversationIds) this.signals.close(botId, conversationId, { userId: id });
  }
}
