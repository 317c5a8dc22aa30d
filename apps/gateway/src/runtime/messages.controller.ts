import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import {
  CreateMessageBody,
  GetOrCreateMessageBody,
  GetOrCreateMessageResponse,
  ListMessagesQuery,
  ListMessagesResponse,
  RuntimeCaller,
  RuntimeMessageResponse,
  Subjects,
  UpdateMessageBody,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/messages')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class MessagesController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createMessage', { summary: 'Create a message in a conversation of the bot', response: RuntimeMessageResponse })
  create(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: CreateMessageBody) {
    return this.proxy.forward(Subjects.runtime.createMessage, requestId, caller, body);
  }

  @Post('get-or-create')
  @Operation('getOrCreateMessage', { summary: 'Get the message of the conversation whose tags match, creating it if there is none', response: GetOrCreateMessageResponse })
  getOrCreate(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: GetOrCreateMessageBody) {
    return this.proxy.forward(Subjects.runtime.getOrCreateMessage, requestId, caller, body);
  }

  @Get()
  @Operation('listMessages', { summary: 'List the messages of the bot in creation order', response: ListMessagesResponse })
  list(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Query() query: ListMessagesQuery) {
    return this.proxy.forward(Subjects.runtime.listMessages, requestId, caller, query);
  }

  @Get(':id')
  @Operation('getMessage', { summary: 'Get a message of the bot', response: RuntimeMessageResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.getMessage, requestId, caller, { id });
  }

  @Put(':id')
  @Operation('updateMessage', { summary: 'Update the tags or replace the payload of a message', response: RuntimeMessageResponse })
  update(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string, @Body() body: UpdateMessageBody) {
    return this.proxy.forward(Subjects.runtime.updateMessage, requestId, caller, { ...body, id });
  }

  @Delete(':id')
  @Operation('deleteMessage', { summary: 'Delete a message of the bot; live listeners of its conversation are told' })
  remove(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.deleteMessage, requestId, caller, { id });
  }
}
