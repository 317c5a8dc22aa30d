import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotEventsService } from './bot-events.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotEventsController {
  constructor(private readonly events: BotEventsService) {}

  @Handles(Runtime.createEvent)
  create({ access, input }: Request<typeof Runtime.createEvent>) {
    return this.events.create(access, input);
  }

  @Handles(Runtime.cancelScheduledEvent)
  cancelScheduled({ access, input }: Request<typeof Runtime.cancelScheduledEvent>) {
    return this.events.cancelScheduled(access, input.id);
  }

  @Handles(Runtime.getEvent)
  get({ access, input }: Request<typeof Runtime.getEvent>) {
    return this.events.get(access, input.id);
  }

  @Handles(Runtime.listEvents)
  list({ access, input }: Request<typeof Runtime.listEvents>) {
    return this.events.list(access, input);
  }
}
