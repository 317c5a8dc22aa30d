import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, toChatEventView } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { CUSTOM_EVENT_TYPE, EventsService } from './events.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** A custom event of the user: incoming, delivered to the bot. */
  @Handles(Chat.createEvent)
  async create({ access, input }: Request<typeof Chat.createEvent>) {
    return { event: toChatEventView(await this.events.create(access, input.conversationId, CUSTOM_EVENT_TYPE, input.payload)) };
  }

  /** Only custom events exist for the chat API. */
  @Handles(Chat.getEvent)
  async get({ access, input }: Request<typeof Chat.getEvent>) {
    return { event: toChatEventView(await this.events.get(access, input.id, [CUSTOM_EVENT_TYPE])) };
  }
}
