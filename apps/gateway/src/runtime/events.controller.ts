import { Body, Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import { CreateEventBody, IdParam, ListEventsQuery, ListEventsResponse, RuntimeCaller, RuntimeEventResponse, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/events')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class EventsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createEvent', {
    summary: 'Create an event of the bot; sent by an integration (integration header) it is delivered to the bot',
    response: RuntimeEventResponse,
  })
  create(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: CreateEventBody) {
    return this.proxy.forward(Subjects.runtime.createEvent, requestId, caller, body);
  }

  @Get()
  @Operation('listEvents', { summary: 'List the events of the bot, newest first', response: ListEventsResponse })
  list(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Query() query: ListEventsQuery) {
    return this.proxy.forward(Subjects.runtime.listEvents, requestId, caller, query);
  }

  @Get(':id')
  @Operation('getEvent', { summary: 'Get an event of the bot', response: RuntimeEventResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: IdParam) {
    return this.proxy.forward(Subjects.runtime.getEvent, requestId, caller, params);
  }
}
