import { Injectable } from '@nestjs/common';
import {
  CreateEventBody,
  Errors,
  InstalledIntegration,
  ListEventsQuery,
  ListEventsResponse,
  RuntimeCaller,
  RuntimeEventResponse,
} from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { EventOutbox } from '../delivery/event-outbox';
import { MessagesRepository } from '../messages/messages.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { toRuntimeEventView } from './event-view';
import { EventsRepository } from './events.repository';
import { newEvent } from './new-event';
import { pageMeta } from '@platform/persistence';

/** Events through the runtime API, as bots and integrations create and read them. */
@Injectable()
export class BotEventsService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly events: EventsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly users: UsersRepository,
    private readonly messages: MessagesRepository,
    private readonly outbox: EventOutbox,
    private readonly signals: ConversationSignals,
  ) {}

  /**
   * Sent with an integration header, the event comes from that integration instance: it is
   * incoming and goes to the bot's code. Without one, the bot created it itself: it is recorded
   * as outgoing and never delivered back to the bot.
   */
  async create(caller: RuntimeCaller, input: CreateEventBody): Promise<RuntimeEventResponse> {
    const authorization = await this.access.authorize(caller);
    const { botId } = authorization;
    const integration: InstalledIntegration | undefined =
      caller.integrationAlias || caller.integrationId ? this.access.integrationOf(caller, authorization) : undefined;
    await this.requireReferences(botId, input);

    const event = newEvent({
      botId,
      type: input.type,
      direction: integration ? 'incoming' : 'outgoing',
      conversationId: input.conversationId ?? null,
      userId: input.userId ?? null,
      messageId: input.messageId ?? null,
      integration: integration?.integrationId ?? null,
      payload: input.payload,
    });
    await this.events.insert(event);
    this.outbox.publish([event]);
    if (!integration && event.conversationId) {
      // Chat users listening to the conversation see the bot's events as they see its messages.
      this.signals.emit(botId, event.conversationId, {
        type: 'event_created',
        data: {
          id: event.id,
          createdAt: event.createdAt.toISOString(),
          payload: event.payload,
          conversationId: event.conversationId,
          userId: event.userId ?? botId,
          isBot: true,
        },
      });
    }
    return { event: toRuntimeEventView(event) };
  }

  async get(caller: RuntimeCaller, id: string): Promise<RuntimeEventResponse> {
    const { botId } = await this.access.authorize(caller);
    const event = await this.events.find(botId, id);
    if (!event) throw Errors.notFound('Event', id);
    return { event: toRuntimeEventView(event) };
  }

  async list(caller: RuntimeCaller, query: ListEventsQuery): Promise<ListEventsResponse> {
    const { botId } = await this.access.authorize(caller);
    const page = await this.events.list(botId, query);
    return { events: page.items.map(toRuntimeEventView), meta: pageMeta(page) };
  }

  /** An event may only point at the bot's own conversations, users and messages. */
  private async requireReferences(botId: string, input: CreateEventBody): Promise<void> {
    if (input.conversationId !== undefined && !(await this.conversations.find(botId, input.conversationId))) {
      throw Errors.notFound('Conversation', input.conversationId);
    }
    // The bot's own user has the bot's id and no row of its own.
    if (input.userId !== undefined && input.userId !== botId && !(await this.users.exists(botId, input.userId))) {
      throw Errors.notFound('User', input.userId);
    }
    if (input.messageId !== undefined && !(await this.messages.find(botId, input.messageId))) {
      throw Errors.notFound('Message', input.messageId);
    }
  }
}
