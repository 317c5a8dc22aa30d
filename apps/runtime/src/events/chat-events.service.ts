import { Injectable } from '@nestjs/common';
import { ChatEventView, ChatScopedInput, Errors } from '@platform/contracts';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { EventOutbox } from '../delivery/event-outbox';
import { ConversationSignals } from '../signals/conversation-signals';
import { EventEntity } from './event.entity';
import { EventsRepository } from './events.repository';
import { newEvent } from './new-event';

/** Type of the runtime event recording a custom event sent from the chat API. */
export const CUSTOM_EVENT_TYPE = 'custom';

export function toChatEventView(e: EventEntity): ChatEventView {
  return { id: e.id, createdAt: e.createdAt.toISOString(), payload: e.payload, conversationId: e.conversationId ?? '', userId: e.userId ?? '' };
}

@Injectable()
export class ChatEventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly conversations: ChatConversationsService,
    private readonly signals: ConversationSignals,
    private readonly outbox: EventOutbox,
  ) {}

  async create(input: ChatScopedInput & { conversationId: string; payload: Record<string, unknown> }): Promise<ChatEventView> {
    await this.conversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const event = newEvent({
      botId: input.botId,
      type: CUSTOM_EVENT_TYPE,
      direction: 'incoming',
      conversationId: input.conversationId,
      userId: input.userId,
      integration: 'chat',
      payload: input.payload,
    });
    await this.events.insert(event);
    this.outbox.publish([event]);
    const view = toChatEventView(event);
    this.signals.emit(input.botId, input.conversationId, { type: 'event_created', data: { ...view, isBot: false } });
    return view;
  }

  /** A custom event of a conversation the user takes part in. */
  async get(input: ChatScopedInput & { id: string }): Promise<ChatEventView> {
    const event = await this.events.find(input.botId, input.id);
    if (!event || event.type !== CUSTOM_EVENT_TYPE || !event.conversationId) throw Errors.notFound('Event', input.id);
    await this.conversations.requireParticipant(input.botId, event.conversationId, input.userId);
    return toChatEventView(event);
  }
}
