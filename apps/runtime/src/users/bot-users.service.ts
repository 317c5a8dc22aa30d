import { Injectable } from '@nestjs/common';
import {
  CreateUserBody,
  GetOrCreateUserBody,
  GetOrCreateUserResponse,
  ListUsersQuery,
  ListUsersResponse,
  RuntimeCaller,
  RuntimeUserResponse,
  UpdateUserBody,
} from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
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
    private readonly access: RuntimeAccessService,
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  async create(caller: RuntimeCaller, input: CreateUserBody): Promise<RuntimeUserResponse> {
    const { botId } = await this.access.authorize(caller);
    const user = await this.users.create({ botId, integration: input.integrationName ?? null, name: input.name, pictureUrl: input.pictureUrl, tags: input.tags });
    return { user: toRuntimeUserView(user) };
  }

  async get(caller: RuntimeCaller, id: string): Promise<RuntimeUserResponse> {
    const { botId } = await this.access.authorize(caller);
    return { user: toRuntimeUserView(await this.users.require(botId, id)) };
  }

  async list(caller: RuntimeCaller, query: ListUsersQuery): Promise<ListUsersResponse> {
    const { botId } = await this.access.authorize(caller);
    const page = await this.repository.list(botId, query);
    return { users: page.items.map(toRuntimeUserView), meta: pageMeta(page) };
  }

  /**
   * Users are looked up among those of the same integration: a user belongs to one. A user found
   * keeps its name and picture; only the tags of the request are applied to it.
   */
  async getOrCreate(caller: RuntimeCaller, input: GetOrCreateUserBody): Promise<GetOrCreateUserResponse> {
    const { botId } = await this.access.authorize(caller);
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

  async update(caller: RuntimeCaller, id: string, input: UpdateUserBody): Promise<RuntimeUserResponse> {
    const { botId } = await this.access.authorize(caller);
    const user = await this.users.require(botId, id);
    return { user: toRuntimeUserView(await this.users.update(user, input)) };
  }

  async delete(caller: RuntimeCaller, id: string): Promise<Record<string, never>> {
    const { botId } = await this.access.authorize(caller);
    await this.users.delete(botId, id);
    return {};
  }
}
