import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard } from '@platform/auth';
import { ChatCaller, ChatEventResponse, CreateChatEventBody, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/events')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatEventsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('chatCreateEvent', { summary: 'Send a custom event in a conversation', response: ChatEventResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatEventBody) {
    return this.proxy.forward(Subjects.chat.createEvent, requestId, caller, body);
  }

  @Get(':id')
  @Operation('chatGetEvent', { summary: 'Get a custom event of a conversation the user takes part in', response: ChatEventResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.getEvent, requestId, caller, { id });
  }
}
