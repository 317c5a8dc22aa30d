import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  find(botId: string, id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { botId, id } });
  }

  findMany(botId: string, ids: string[]): Promise<UserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ where: { botId, id: In(ids) } });
  }

  async update(botId: string, id: string, changes: Partial<Pick<UserEntity, 'name' | 'pictureUrl' | 'profile' | 'updatedAt'>>): Promise<void> {
    await this.users.update({ botId, id }, changes);
  }

  /** Deletes the user; its participations go with it (foreign keys). */
  async delete(botId: string, id: string): Promise<boolean> {
    return ((await this.users.delete({ botId, id })).affected ?? 0) > 0;
  }

  async exists(botId: string, id: string): Promise<boolean> {
    return (await this.users.count({ where: { botId, id } })) > 0;
  }

  /** Inserts a new user; a taken id is 409. */
  async insert(user: UserEntity): Promise<void> {
    try {
      await this.users.insert(user as never);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw Errors.alreadyExists('User', user.id);
      throw error;
    }
  }

  /** The user with this id, inserted first if absent; concurrent calls agree on one row. */
  async insertIfAbsent(user: UserEntity): Promise<UserEntity> {
    await this.users.createQueryBuilder().insert().into(UserEntity).values(user as never).orIgnore().execute();
    return (await this.find(user.botId, user.id))!;
  }
}
