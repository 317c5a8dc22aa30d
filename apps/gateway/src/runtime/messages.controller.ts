import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import { CreateMessageBody, RuntimeCaller, RuntimeMessageResponse, Subjects } from '@platform/contracts';
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

  @Get(':id')
  @Operation('getMessage', { summary: 'Get a message of the bot', response: RuntimeMessageResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.getMessage, requestId, caller, { id });
  }
}
