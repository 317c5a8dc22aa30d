import { Injectable } from '@nestjs/common';
import { CHAT_CUSTOM_EVENT_TYPE, Errors, ListEventsResponse, RuntimeEventView, RuntimeOperations as Runtime } from '@platform/contracts';
import { ChatAccess } from '../access/chat-access.policy';
import { RuntimeClient } from '../runtime/runtime-client';

/**
 * Type of the runtime event recording a custom event sent from the chat API: the chat
 * integration's event `custom`, named `<integration>:<event>` as every integration event reaches
 * a bot in the cloud (`bot.on.event('chat:custom', …)` in `@botpress/sdk`). Its payload is
 * `{ userId, conversationId, payload }`, `payload` being what the chat user sent
 * (docs/contracts.md, "Events").
 */
export const CUSTOM_EVENT_TYPE = CHAT_CUSTOM_EVENT_TYPE;

/** Custom events recorded before they were named as the cloud names them, still readable. */
export const LEGACY_CUSTOM_EVENT_TYPE = 'custom';

/** A chat user's events are incoming runtime events of the conversation, delivered to the bot. */
@Injectable()
export class EventsService {
  constructor(private readonly runtime: RuntimeClient) {}

  async create(access: ChatAccess, conversationId: string, type: string, payload: Record<string, unknown>): Promise<RuntimeEventView> {
    const { event } = await this.runtime.call(Runtime.createEvent, access, { body: { type, conversationId, userId: access.userId, payload } });
    return event;
  }

  /** A chat user's custom event, as the cloud's chat integration records it. */
  createCustom(access: ChatAccess, conversationId: string, payload: Record<string, unknown>): Promise<RuntimeEventView> {
    return this.create(access, conversationId, CUSTOM_EVENT_TYPE, { userId: access.userId, conversationId, payload });
  }

  /** An event of one of the given types, in a conversation the user takes part in (404 for any other). */
  async get(access: ChatAccess, id: string, types: string[]): Promise<RuntimeEventView> {
    const { event } = await this.runtime.call(Runtime.getEvent, access, { params: { id } });
    if (!types.includes(event.type)) throw Errors.notFound('Event', id);
    return event;
  }

  /** The conversation's events of a type, newest first. */
  list(access: ChatAccess, conversationId: string, type: string): Promise<ListEventsResponse> {
    return this.runtime.call(Runtime.listEvents, access, { query: { conversationId, type } });
  }
}
