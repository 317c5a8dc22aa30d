import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import {
  CreateConversationBody,
  GetOrCreateConversationBody,
  GetOrCreateConversationResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  RuntimeCaller,
  RuntimeConversationResponse,
  Subjects,
  UpdateConversationBody,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/conversations')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class ConversationsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createConversation', { summary: 'Create a conversation of the bot', response: RuntimeConversationResponse })
  create(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: CreateConversationBody) {
    return this.proxy.forward(Subjects.runtime.createConversation, requestId, caller, body);
  }

  @Post('get-or-create')
  @Operation('getOrCreateConversation', {
    summary: 'Get the conversation of the channel whose tags match, creating it if there is none',
    response: GetOrCreateConversationResponse,
  })
  getOrCreate(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: GetOrCreateConversationBody) {
    return this.proxy.forward(Subjects.runtime.getOrCreateConversation, requestId, caller, body);
  }

  @Get()
  @Operation('listConversations', { summary: 'List the conversations of the bot', response: ListConversationsResponse })
  list(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Query() query: ListConversationsQuery) {
    return this.proxy.forward(Subjects.runtime.listConversations, requestId, caller, query);
  }

  @Get(':id')
  @Operation('getConversation', { summary: 'Get a conversation of the bot', response: RuntimeConversationResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.getConversation, requestId, caller, { id });
  }

  @Put(':id')
  @Operation('updateConversation', { summary: 'Update a conversation of the bot', response: RuntimeConversationResponse })
  update(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string, @Body() body: UpdateConversationBody) {
    return this.proxy.forward(Subjects.runtime.updateConversation, requestId, caller, { ...body, id });
  }

  @Delete(':id')
  @Operation('deleteConversation', { summary: 'Delete a conversation of the bot, its participants and messages; its live listeners are disconnected' })
  remove(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.deleteConversation, requestId, caller, { id });
  }
}
