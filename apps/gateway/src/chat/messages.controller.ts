import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard } from '@platform/auth';
import { ChatCaller, ChatMessageResponse, CreateChatMessageBody, ListChatMessagesResponse, PageQueryDto, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatMessagesController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post('messages')
  @Operation('chatCreateMessage', { summary: 'Send a message in a conversation', response: ChatMessageResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatMessageBody) {
    return this.proxy.forward(Subjects.chat.createMessage, requestId, caller, body);
  }

  @Get('messages/:id')
  @Operation('chatGetMessage', { summary: 'Get a message of a conversation the user takes part in', response: ChatMessageResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.getMessage, requestId, caller, { id });
  }

  @Delete('messages/:id')
  @Operation('chatDeleteMessage', { summary: 'Delete a message the user wrote' })
  remove(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.deleteMessage, requestId, caller, { id });
  }

  @Get('conversations/:conversationId/messages')
  @Operation('chatListMessages', { summary: 'List the messages of a conversation in creation order', response: ListChatMessagesResponse })
  list(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('conversationId') conversationId: string, @Query() query: PageQueryDto) {
    return this.proxy.forward(Subjects.chat.listMessages, requestId, caller, { ...query, conversationId });
  }
}
