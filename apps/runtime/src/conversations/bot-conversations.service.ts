import { Injectable } from '@nestjs/common';
import {
  CreateConversationBody,
  GetOrCreateConversationBody,
  GetOrCreateConversationResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  RuntimeCaller,
  RuntimeConversationResponse,
  UpdateConversationBody,
} from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { GetOrCreate } from '../common/get-or-create';
import { tagMatch } from '../common/tags';
import { toRuntimeConversationView } from './conversation-view';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { pageMeta } from '@platform/persistence';

/** Conversations through the runtime API, as bots and integrations read and write them. */
@Injectable()
export class BotConversationsService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly conversations: ConversationsService,
    private readonly repository: ConversationsRepository,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  async create(caller: RuntimeCaller, input: CreateConversationBody): Promise<RuntimeConversationResponse> {
    const { botId } = await this.access.authorize(caller);
    const conversation = await this.conversations.create({ botId, integration: input.integrationName ?? null, channel: input.channel, tags: input.tags });
    return { conversation: toRuntimeConversationView(conversation) };
  }

  async get(caller: RuntimeCaller, id: string): Promise<RuntimeConversationResponse> {
    const { botId } = await this.access.authorize(caller);
    return { conversation: toRuntimeConversationView(await this.conversations.require(botId, id)) };
  }

  async list(caller: RuntimeCaller, query: ListConversationsQuery): Promise<ListConversationsResponse> {
    const { botId } = await this.access.authorize(caller);
    const page = await this.repository.list(botId, query);
    return { conversations: page.items.map(toRuntimeConversationView), meta: pageMeta(page) };
  }

  /** Conversations are looked up in the same integration and channel: a conversation happens in one. */
  async getOrCreate(caller: RuntimeCaller, input: GetOrCreateConversationBody): Promise<GetOrCreateConversationResponse> {
    const { botId } = await this.access.authorize(caller);
    const integration = input.integrationName ?? null;
    const match = tagMatch(input.tags, input.discriminateByTags);
    const { item, created } = await this.getOrCreateRule.run(input.tags, {
      key: ['conversation', botId, integration, input.channel, match],
      find: () => this.repository.findByTags(botId, integration, input.channel, match),
      create: () => this.conversations.create({ botId, integration, channel: input.channel, tags: input.tags }),
      retag: (conversation, tags) => this.conversations.update(conversation, { tags }),
    });
    return { conversation: toRuntimeConversationView(item), meta: { created } };
  }

  async update(caller: RuntimeCaller, id: string, input: UpdateConversationBody): Promise<RuntimeConversationResponse> {
    const { botId } = await this.access.authorize(caller);
    const conversation = await this.conversations.require(botId, id);
    return { conversation: toRuntimeConversationView(await this.conversations.update(conversation, input)) };
  }

  async delete(caller: RuntimeCaller, id: string): Promise<Record<string, never>> {
    const { botId } = await this.access.authorize(caller);
    await this.conversations.delete(botId, id);
    return {};
  }
}
