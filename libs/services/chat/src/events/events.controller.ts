import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, toChatEventView } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { CUSTOM_EVENT_TYPE, EventsService, LEGACY_CUSTOM_EVENT_TYPE } from './events.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** A custom event of the user: incoming, delivered to the bot. */
  @Handles(Chat.createEvent)
  async create({ access, input }: Request<typeof Chat.createEvent>) {
    return { event: toChatEventView(await this.events.createCustom(access, input.conversationId, input.payload)) };
  }

  /** Only custom events exist for the chat API (the web chat's are of the legacy type). */
  @Handles(Chat.getEvent)
  async get({ access, input }: Request<typeof Chat.getEvent>) {
    return { event: toChatEventView(await this.events.get(access, input.id, [CUSTOM_EVENT_TYPE, LEGACY_CUSTOM_EVENT_TYPE])) };
  }
}
