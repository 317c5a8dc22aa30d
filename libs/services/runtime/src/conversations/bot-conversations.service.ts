import { Injectable } from '@nestjs/common';
import {
  CreateConversationBody,
  CreateIntegrationConversationBody,
  GetOrCreateConversationBody,
  GetOrCreateConversationResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  RuntimeConversationResponse,
  UpdateConversationBody,
} from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
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
    private readonly conversations: ConversationsService,
    private readonly repository: ConversationsRepository,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  async create(access: BotAccess, input: CreateConversationBody): Promise<RuntimeConversationResponse> {
    const conversation = await this.conversations.create({
      botId: access.botId,
      integration: input.integrationName ?? null,
      channel: input.channel,
      tags: input.tags,
    });
    return { conversation: toRuntimeConversationView(conversation) };
  }

  /** An integration's conversation, under the id its own API gave it, with its first participants. */
  async createForIntegration(access: BotAccess, input: CreateIntegrationConversationBody): Promise<RuntimeConversationResponse> {
    const conversation = await this.conversations.create({
      botId: access.botId,
      id: input.id,
      integration: input.integrationName ?? access.integration?.integrationId ?? null,
      channel: input.channel,
      tags: input.tags,
      participantIds: input.participantIds,
    });
    return { conversation: toRuntimeConversationView(conversation) };
  }

  async get(access: BotAccess, id: string): Promise<RuntimeConversationResponse> {
    return { conversation: toRuntimeConversationView(await this.conversations.requireFor(access, id)) };
  }

  /** An integration acting for an end user lists only the conversations they take part in. */
  async list(access: BotAccess, query: ListConversationsQuery): Promise<ListConversationsResponse> {
    const { botId } = access;
    const page = await this.repository.list(botId, access.actingUserId ? { ...query, participantIds: [access.actingUserId] } : query);
    return { conversations: page.items.map(toRuntimeConversationView), meta: pageMeta(page) };
  }

  /** Conversations are looked up in the same integration and channel: a conversation happens in one. */
  async getOrCreate(access: BotAccess, input: GetOrCreateConversationBody): Promise<GetOrCreateConversationResponse> {
    const { botId } = access;
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

  async update(access: BotAccess, id: string, input: UpdateConversationBody): Promise<RuntimeConversationResponse> {
    const conversation = await this.conversations.requireFor(access, id);
    return { conversation: toRuntimeConversationView(await this.conversations.update(conversation, input)) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    await this.conversations.requireFor(access, id);
    await this.conversations.delete(access.botId, id);
    return {};
  }
}
