import { newId } from '@platform/contracts';
import { EventEntity } from './event.entity';

type EventFields = Pick<EventEntity, 'botId' | 'type' | 'direction' | 'payload'> &
  Partial<Pick<EventEntity, 'conversationId' | 'userId' | 'messageId' | 'integration'>>;

/**
 * A new event, pending delivery. Incoming events go to the bot's code; events the bot itself
 * created are recorded as outgoing and never sent back to it.
 */
export function newEvent(fields: EventFields, now = new Date()): EventEntity {
  return {
    id: newId('evt'),
    conversationId: null,
    userId: null,
    messageId: null,
    integration: null,
    ...fields,
    status: fields.direction === 'incoming' ? 'pending' : 'ignored',
    failureReason: null,
    createdAt: now,
    attempts: 0,
    processedAt: null,
    scheduledFor: null,
  };
}
