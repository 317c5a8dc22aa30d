import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCaller, ChatEventView, CreateChatEventBody, ServiceRequest, Subjects } from '@platform/contracts';
import { RuntimeForwarder } from '../webhooks/runtime-forwarder.service';

@Controller()
export class EventsController {
  constructor(private readonly runtime: RuntimeForwarder) {}

  /** A custom event from the chat user: recorded by the runtime as an event of the bot. */
  @MessagePattern(Subjects.chat.createEvent)
  async create(@Payload() { caller, input }: ServiceRequest<ChatCaller, CreateChatEventBody>) {
    return { event: await this.runtime.asUser<ChatEventView>(Subjects.runtime.chat.createEvent, caller, input) };
  }

  @MessagePattern(Subjects.chat.getEvent)
  async get(@Payload() { caller, input }: ServiceRequest<ChatCaller, { id: string }>) {
    return { event: await this.runtime.asUser<ChatEventView>(Subjects.runtime.chat.getEvent, caller, { id: input.id }) };
  }
}
