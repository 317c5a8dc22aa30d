import { Injectable } from '@nestjs/common';
import { Errors, newId } from '@platform/contracts';
import { applyTagChanges, TagChanges } from '../common/tags';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';

export interface NewUser {
  botId: string;
  /** Chosen by the caller, else generated. */
  id?: string;
  integration: string | null;
  name?: string;
  pictureUrl?: string;
  profile?: string;
  tags?: TagChanges;
}

/** Fields to change; an absent field keeps its value, a null one is cleared. */
export interface UserChanges {
  name?: string | null;
  pictureUrl?: string | null;
  profile?: string | null;
  tags?: TagChanges;
}

/** The rules of a bot's users, whichever API (chat or runtime) acts on them. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  build(input: NewUser): UserEntity {
    const now = new Date();
    return {
      botId: input.botId,
      id: input.id ?? newId('user'),
      integration: input.integration,
      name: input.name ?? null,
      pictureUrl: input.pictureUrl ?? null,
      profile: input.profile ?? null,
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
      ...(input.profile !== undefined ? { profile: input.profile } : {}),
      ...(input.tags !== undefined ? { tags: applyTagChanges(user.tags, input.tags) } : {}),
      updatedAt: new Date(),
    };
    await this.users.update(user.botId, user.id, changes);
    return { ...user, ...changes };
  }

  /** Deletes the user; its participations go with it. */
  async delete(botId: string, id: string): Promise<void> {
    if (!(await this.users.delete(botId, id))) throw Errors.notFound('User', id);
  }
}
