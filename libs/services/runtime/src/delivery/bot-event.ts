import { BotEvent, messagePreview } from '@platform/contracts';
import { EventEntity } from '../events/event.entity';

type Tagged = { tags?: Record<string, string> } | undefined;

/** The event object given to bot code (docs/contracts.md, "Events"), built from the stored event. */
export function toBotEvent(event: EventEntity): BotEvent {
  const payload = event.payload;
  const message = payload.message as (Tagged & { type?: string; payload?: Record<string, unknown> }) | undefined;
  const tags = {
    ...(message?.tags ? { message: message.tags } : {}),
    ...((payload.conversation as Tagged)?.tags ? { conversation: (payload.conversation as Tagged)!.tags } : {}),
    ...((payload.user as Tagged)?.tags ? { user: (payload.user as Tagged)!.tags } : {}),
  };
  return {
    botId: event.botId,
    ...(event.conversationId ? { conversationId: event.conversationId } : {}),
    createdOn: event.createdAt.toISOString(),
    direction: event.direction,
    id: event.id,
    ...(event.integration ? { integration: event.integration } : {}),
    kb: { included: false },
    ...(event.messageId ? { messageId: event.messageId } : {}),
    payload,
    preview: message?.payload ? messagePreview({ ...message.payload, type: message.type }) : '',
    state: {},
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
    type: event.type,
    ...(event.userId ? { userId: event.userId } : {}),
  };
}
