import { Injectable } from '@nestjs/common';
import { CreateEventBody, Errors, ListEventsQuery, ListEventsResponse, RuntimeEventResponse } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { ConversationsService } from '../conversations/conversations.service';
import { EventOutbox } from '../delivery/event-outbox';
import { MessagesRepository } from '../messages/messages.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { UsersRepository } from '../users/users.repository';
import { toRuntimeEventView } from './event-view';
import { EventsRepository } from './events.repository';
import { newEvent } from './new-event';
import { pageMeta } from '@platform/persistence';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { dueTime } from '../schedules/due-time';
import { BotWorkflowsService } from '../workflows/bot-workflows.service';
import { EventEntity } from './event.entity';

/** Events through the runtime API, as bots and integrations create and read them. */
@Injectable()
export class BotEventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly conversationRules: ConversationsService,
    private readonly users: UsersRepository,
    private readonly messages: MessagesRepository,
    private readonly outbox: EventOutbox,
    private readonly signals: ConversationSignals,
    private readonly schedules: SchedulesRepository,
    private readonly workflows: BotWorkflowsService,
  ) {}

  /**
   * Sent with an integration header, the event comes from that integration instance: it is
   * incoming and goes to the bot's code. Without one, the bot created it itself: it is recorded
   * as outgoing and never delivered back to the bot.
   */
  async create(access: BotAccess, input: CreateEventBody): Promise<RuntimeEventResponse> {
    const { botId, integration } = access;
    const dueAt = input.schedule ? dueTime(input.schedule) : undefined;
    await this.requireReferences(access, input);

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
    if (dueAt) {
      if (input.workflowId !== undefined) throw Errors.invalidPayload('A scheduled event cannot be linked to a workflow');
      return this.schedule(event, dueAt);
    }
    const continued = await this.schedules.transaction(async (manager) => {
      await this.events.insert(event, manager);
      return input.workflowId !== undefined ? this.workflows.continueWith(botId, input.workflowId, manager) : undefined;
    });
    this.outbox.publish(continued ? [event, continued] : [event]);
    const view = toRuntimeEventView(event);
    // Listeners of the conversation see its events as they see its messages.
    if (event.conversationId) {
      const isBot = event.direction === 'outgoing';
      // An event the bot creates without naming a user is the bot's own.
      this.signals.emit(botId, event.conversationId, { type: 'event_created', event: { ...view, userId: view.userId ?? (isBot ? botId : undefined) }, isBot });
    }
    return { event: view };
  }

  /**
   * A scheduled event is recorded now as `scheduled`, and queued: when due, the scheduler makes it
   * pending and it is delivered to the bot, whoever created it (a bot's own reminder included).
   */
  private async schedule(event: EventEntity, dueAt: Date): Promise<RuntimeEventResponse> {
    const scheduled: EventEntity = { ...event, status: 'scheduled', scheduledFor: dueAt };
    await this.schedules.transaction(async (manager) => {
      await this.events.insert(scheduled, manager);
      await this.schedules.insert({ botId: event.botId, id: event.id, kind: 'event', dueAt, body: {} }, manager);
    });
    return { event: toRuntimeEventView(scheduled) };
  }

  /** A scheduled event is canceled: it never fires. Any other event cannot be. */
  async cancelScheduled(access: BotAccess, id: string): Promise<Record<string, never>> {
    const { botId } = access;
    await this.schedules.transaction(async (manager) => {
      const taken = await this.schedules.remove(botId, id, 'event', manager);
      const event = await manager.findOne(EventEntity, { where: { botId, id } });
      if (!event) throw Errors.notFound('Event', id);
      if (!taken || event.status !== 'scheduled') {
        throw Errors.invalidPayload(`Event '${id}' is not scheduled (its status is ${event.status}): only a scheduled event can be canceled`);
      }
      await manager.update(EventEntity, { botId, id }, { status: 'canceled', processedAt: new Date() });
    });
    return {};
  }

  async get(access: BotAccess, id: string): Promise<RuntimeEventResponse> {
    const event = await this.events.find(access.botId, id);
    if (!event || (access.actingUserId && !event.conversationId)) throw Errors.notFound('Event', id);
    if (event.conversationId && access.actingUserId) await this.conversationRules.requireFor(access, event.conversationId);
    return { event: toRuntimeEventView(event) };
  }

  async list(access: BotAccess, query: ListEventsQuery): Promise<ListEventsResponse> {
    const { botId } = access;
    const page = await this.events.list(botId, query);
    return { events: page.items.map(toRuntimeEventView), meta: pageMeta(page) };
  }

  /** An event may only point at the bot's own conversations (within the caller's reach), users and messages. */
  private async requireReferences(access: BotAccess, input: CreateEventBody): Promise<void> {
    const { botId } = access;
    if (input.conversationId !== undefined) await this.conversationRules.requireFor(access, input.conversationId);
    if (access.actingUserId && input.userId !== access.actingUserId) {
      throw Errors.forbidden(`An integration acting for user '${access.actingUserId}' creates events as that user only`);
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
