import { Controller } from '@nestjs/common';
import { toWebchatEventView, WebchatEventTypes, WebchatOperations as Webchat } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { EventsService } from '../events/events.service';

type Request<O extends (typeof Webchat)[keyof typeof Webchat]> = OperationRequest<O, ChatAccess>;

/**
 * A visitor's events, delivered to the bot: custom events carry their data (as the chat API's);
 * `conversation_started`, which the widget sends each time it opens a conversation, becomes the
 * runtime event `webchat:conversationStarted` with `{ userId, conversationId }`, and its answer
 * says whether it is the conversation's first (`data.status.isInitial`).
 */
@Controller()
export class WebchatEventsController {
  constructor(private readonly events: EventsService) {}

  @Handles(Webchat.createEvent)
  async create({ access, input }: Request<typeof Webchat.createEvent>) {
    const { conversationId, payload } = input;
    if (payload.type === 'custom')
      return { event: toWebchatEventView(await this.events.create(access, conversationId, WebchatEventTypes.custom, payload.data)) };
    const event = await this.events.create(access, conversationId, WebchatEventTypes.conversationStarted, { userId: access.userId, conversationId });
    // The first one recorded is the oldest: concurrent openings agree on which one it is.
    const { events, meta } = await this.events.list(access, conversationId, WebchatEventTypes.conversationStarted);
    const oldest = meta.nextToken ? undefined : events[events.length - 1];
    const isInitial = oldest?.id === event.id;
    return { event: toWebchatEventView(event, { status: { isInitial } }) };
  }

  @Handles(Webchat.getEvent)
  async get({ access, input }: Request<typeof Webchat.getEvent>) {
    return { event: toWebchatEventView(await this.events.get(access, input.id, Object.values(WebchatEventTypes))) };
  }
}
