import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Errors, SortDirection, SortField } from '@platform/contracts';
import { findByKey, isUniqueViolation, ListQuery, Page, PageQuery } from '@platform/persistence';
import { DateRange, whereDateRange, whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { takesPart } from '../conversations/conversations.repository';
import { ParticipantEntity } from '../conversations/participant.entity';
import { UserEntity } from './user.entity';

export interface UserFilter extends PageQuery, DateRange {
  conversationId?: string;
  tags?: TagMatch;
  rangeField?: SortField;
  sortField?: SortField;
  sortDirection?: SortDirection;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  find(botId: string, id: string): Promise<UserEntity | null> {
    return findByKey(this.users.manager, UserEntity, { botId, id });
  }

  findMany(botId: string, ids: string[]): Promise<UserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ where: { botId, id: In(ids) } });
  }

  async update(botId: string, id: string, changes: Partial<Omit<UserEntity, 'botId' | 'id' | 'createdAt'>>): Promise<void> {
    await this.users.update({ botId, id }, changes);
  }

  /**
   * Deletes the user; its participations go with it (foreign keys). Answers the conversations the
   * user took part in, or undefined when there was no such user.
   */
  async delete(botId: string, id: string): Promise<string[] | undefined> {
    return this.users.manager.transaction(async (manager) => {
      const participations = await manager.find(ParticipantEntity, { where: { botId, userId: id }, select: { conversationId: true } });
      const deleted = ((await manager.delete(UserEntity, { botId, id })).affected ?? 0) > 0;
      if (!deleted) return undefined;
      await manager.query(
        `INSERT INTO "runtime"."deleted_users" ("bot_id", "user_id", "deleted_at") VALUES ($1, $2, now())
         ON CONFLICT ("bot_id", "user_id") DO UPDATE SET "deleted_at" = EXCLUDED."deleted_at"`,
        [botId, id],
      );
      return participations.map((p) => p.conversationId);
    });
  }

  /** When the user of this id was last deleted, if it ever was. */
  async deletedAt(botId: string, id: string): Promise<Date | undefined> {
    const [row] = (await this.users.query(`SELECT "deleted_at" FROM "runtime"."deleted_users" WHERE "bot_id" = $1 AND "user_id" = $2`, [botId, id])) as Array<{
      deleted_at: Date;
    }>;
    return row?.deleted_at;
  }

  async exists(botId: string, id: string): Promise<boolean> {
    return (await this.users.count({ where: { botId, id } })) > 0;
  }

  /** Inserts a new user; a taken id is 409. */
  async insert(user: UserEntity): Promise<void> {
    try {
      await this.users.insert(user as never);
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.alreadyExists('User', user.id);
      throw error;
    }
  }

  /** The user with this id, inserted first if absent; concurrent calls agree on one row. */
  async insertIfAbsent(user: UserEntity): Promise<UserEntity> {
    await this.users
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values(user as never)
      .orIgnore()
      .execute();
    return (await this.find(user.botId, user.id))!;
  }

  /** The bot's users matching every given filter, newest first unless asked otherwise. */
  list(botId: string, filter: UserFilter): Promise<Page<UserEntity>> {
    const query = this.query().whereEquals('botId', botId);
    if (filter.conversationId !== undefined) query.where(takesPart(this.users.manager, 'u."bot_id"', query.param(filter.conversationId), 'u."id"'));
    whereTags(query, filter.tags);
    whereDateRange(query, filter.rangeField ?? 'createdAt', filter);
    return query.page({ sortProperty: filter.sortField ?? 'createdAt', direction: filter.sortDirection ?? 'desc' }, filter);
  }

  /** The oldest user of the integration (null: of none) whose tags match. */
  findByTags(botId: string, integration: string | null, match: TagMatch): Promise<UserEntity | null> {
    const query = this.query().whereEquals('botId', botId);
    query.where(integration === null ? 'u."integration" IS NULL' : `u."integration" = ${query.param(integration)}`);
    return whereTags(query, match).first('createdAt');
  }

  private query(): ListQuery<UserEntity> {
    return new ListQuery(this.users.manager, UserEntity, 'u');
  }
}
