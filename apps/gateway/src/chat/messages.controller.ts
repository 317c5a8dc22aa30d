import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard } from '@platform/auth';
import { ChatCaller, ChatMessageResponse, CreateChatMessageBody, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/messages')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatMessagesController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createMessage', { summary: 'Send a message in a conversation', response: ChatMessageResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatMessageBody) {
    return this.proxy.forward(Subjects.chat.createMessage, requestId, caller, body);
  }

  @Get(':id')
  @Operation('getMessage', { summary: 'Get a message of a conversation the user takes part in', response: ChatMessageResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.getMessage, requestId, caller, { id });
  }
}
