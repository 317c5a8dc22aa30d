import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard } from '@platform/auth';
import { ChatCaller, ChatConversationResponse, CreateChatConversationBody, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/conversations')
@UseGuards(ChatAuthGuard)
@ChatHeaders()
export class ChatConversationsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createConversation', { summary: 'Create a conversation owned by the user', response: ChatConversationResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatConversationBody) {
    return this.proxy.forward(Subjects.chat.createConversation, requestId, caller, body);
  }
}
