import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateEventBody, ListEventsQuery, RuntimeCaller, ServiceRequest, Subjects } from '@platform/contracts';
import { BotEventsService } from './bot-events.service';

type Request<T> = ServiceRequest<RuntimeCaller, T>;

@Controller()
export class BotEventsController {
  constructor(private readonly events: BotEventsService) {}

  @MessagePattern(Subjects.runtime.createEvent)
  create(@Payload() { caller, input }: Request<CreateEventBody>) {
    return this.events.create(caller, input);
  }

  @MessagePattern(Subjects.runtime.getEvent)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.events.get(caller, input.id);
  }

  @MessagePattern(Subjects.runtime.listEvents)
  list(@Payload() { caller, input }: Request<ListEventsQuery>) {
    return this.events.list(caller, input);
  }
}
