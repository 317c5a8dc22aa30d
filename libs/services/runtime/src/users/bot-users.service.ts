import { Injectable } from '@nestjs/common';
import {
  CreateUserBody,
  Errors,
  GetOrCreateUserBody,
  GetOrCreateUserResponse,
  ListUsersQuery,
  ListUsersResponse,
  RuntimeUserResponse,
  UpdateUserBody,
} from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { GetOrCreate } from '../common/get-or-create';
import { tagMatch } from '../common/tags';
import { toRuntimeUserView } from './user-view';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { pageMeta } from '@platform/persistence';

/** Users through the runtime API, as bots and integrations read and write them. */
@Injectable()
export class BotUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  /**
   * A new user; an integration may give it the id its own API uses (a taken id is 409), but not
   * the bot's own, and not from a key issued before a user of that id was deleted.
   */
  async create(access: BotAccess, input: CreateUserBody & { id?: string; keyIssuedAt?: number }): Promise<RuntimeUserResponse> {
    if (input.id === access.botId) throw Errors.forbidden("The bot's own user id is reserved for the bot");
    if (input.id !== undefined && input.keyIssuedAt !== undefined) {
      const deletedAt = await this.repository.deletedAt(access.botId, input.id);
      if (deletedAt && input.keyIssuedAt < Math.ceil(deletedAt.getTime() / 1000)) {
        throw Errors.unauthorized('The user key was issued before its user was deleted');
      }
    }
    const integration = input.integrationName ?? null;
    const user = await this.users.create({ botId: access.botId, id: input.id, integration, name: input.name, pictureUrl: input.pictureUrl, tags: input.tags });
    return { user: toRuntimeUserView(user) };
  }

  async get(access: BotAccess, id: string): Promise<RuntimeUserResponse> {
    const { botId } = access;
    return { user: toRuntimeUserView(await this.users.require(botId, id)) };
  }

  async list(access: BotAccess, query: ListUsersQuery): Promise<ListUsersResponse> {
    const { botId } = access;
    const page = await this.repository.list(botId, query);
    return { users: page.items.map(toRuntimeUserView), meta: pageMeta(page) };
  }

  /**
   * Users are looked up among those of the same integration: a user belongs to one. A user found
   * keeps its name and picture; only the tags of the request are applied to it.
   */
  async getOrCreate(access: BotAccess, input: GetOrCreateUserBody): Promise<GetOrCreateUserResponse> {
    const { botId } = access;
    const integration = input.integrationName ?? null;
    const match = tagMatch(input.tags, input.discriminateByTags);
    const { item, created } = await this.getOrCreateRule.run(input.tags, {
      key: ['user', botId, integration, match],
      find: () => this.repository.findByTags(botId, integration, match),
      create: () => this.users.create({ botId, integration, name: input.name, pictureUrl: input.pictureUrl, tags: input.tags }),
      retag: (user, tags) => this.users.update(user, { tags }),
    });
    return { user: toRuntimeUserView(item), meta: { created } };
  }

  async update(access: BotAccess, id: string, input: UpdateUserBody): Promise<RuntimeUserResponse> {
    const { botId } = access;
    const user = await this.users.require(botId, id);
    return { user: toRuntimeUserView(await this.users.update(user, input)) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    const { botId } = access;
    await this.users.delete(botId, id);
    return {};
  }
}
