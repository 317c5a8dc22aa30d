import { Body, Controller, Delete, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Caller, ChatAuthGuard } from '@platform/auth';
import {
  ChatCaller,
  ChatConversationResponse,
  CreateChatConversationBody,
  GetOrCreateChatConversationBody,
  ListChatConversationsResponse,
  ListenGrant,
  PageQueryDto,
  Subjects,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';
import { ListenRelay } from './listen-relay';

@Controller('chat/:webhookId/conversations')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatConversationsController {
  constructor(
    private readonly proxy: ServiceProxy,
    private readonly relay: ListenRelay,
  ) {}

  @Post()
  @Operation('chatCreateConversation', { summary: 'Create a conversation owned by the user', response: ChatConversationResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatConversationBody) {
    return this.proxy.forward(Subjects.chat.createConversation, requestId, caller, body);
  }

  @Post('get-or-create')
  @Operation('chatGetOrCreateConversation', { summary: 'Get a conversation, creating it under this id if absent', response: ChatConversationResponse })
  getOrCreate(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: GetOrCreateChatConversationBody) {
    return this.proxy.forward(Subjects.chat.getOrCreateConversation, requestId, caller, body);
  }

  @Get()
  @Operation('chatListConversations', { summary: 'List the conversations the user takes part in', response: ListChatConversationsResponse })
  list(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Query() query: PageQueryDto) {
    return this.proxy.forward(Subjects.chat.listConversations, requestId, caller, query);
  }

  @Get(':id')
  @Operation('chatGetConversation', { summary: 'Get a conversation the user takes part in', response: ChatConversationResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.getConversation, requestId, caller, { id });
  }

  @Delete(':id')
  @Operation('chatDeleteConversation', { summary: 'Delete a conversation the user owns' })
  remove(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.chat.deleteConversation, requestId, caller, { id });
  }

  @Get(':id/listen')
  @ApiProduces('text/event-stream')
  @Operation('chatListenConversation', {
    summary: 'Live signals of the conversation as server-sent events: message_created, message_deleted, event_created, participant_added, participant_removed',
  })
  async listen(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    const grant = await this.proxy.forward<ListenGrant, ChatCaller, { id: string }>(Subjects.chat.listenConversation, requestId, caller, { id });
    await this.relay.relay(grant, req, res);
  }
}
