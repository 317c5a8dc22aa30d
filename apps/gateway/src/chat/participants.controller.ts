import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard } from '@platform/auth';
import { AddChatParticipantBody, ChatCaller, ChatParticipantResponse, ListChatParticipantsResponse, PageQueryDto, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/conversations/:conversationId/participants')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatParticipantsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('chatAddParticipant', { summary: 'Add a user to the conversation', response: ChatParticipantResponse })
  add(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('conversationId') conversationId: string, @Body() body: AddChatParticipantBody) {
    return this.proxy.forward(Subjects.chat.addParticipant, requestId, caller, { ...body, conversationId });
  }

  @Get()
  @Operation('chatListParticipants', { summary: 'List the participants of the conversation', response: ListChatParticipantsResponse })
  list(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('conversationId') conversationId: string, @Query() query: PageQueryDto) {
    return this.proxy.forward(Subjects.chat.listParticipants, requestId, caller, { ...query, conversationId });
  }

  @Get(':userId')
  @Operation('chatGetParticipant', { summary: 'Get a participant of the conversation', response: ChatParticipantResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('conversationId') conversationId: string, @Param('userId') userId: string) {
    return this.proxy.forward(Subjects.chat.getParticipant, requestId, caller, { conversationId, participantId: userId });
  }

  @Delete(':userId')
  @Operation('chatRemoveParticipant', { summary: 'Remove a participant (not the owner) from the conversation' })
  remove(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Param('conversationId') conversationId: string, @Param('userId') userId: string) {
    return this.proxy.forward(Subjects.chat.removeParticipant, requestId, caller, { conversationId, participantId: userId });
  }
}
