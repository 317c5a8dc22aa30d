import { Controller, Get, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard, UserKeyOptional } from '@platform/auth';
import { ChatCaller, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/hello')
@UseGuards(ChatAuthGuard)
export class HelloController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get()
  @UserKeyOptional()
  @ChatHeaders(false)
  @Operation('chatHello', { summary: 'Check that the webhook serves the chat API' })
  hello(@RequestId() requestId: string, @Caller() caller: ChatCaller) {
    return this.proxy.forward(Subjects.chat.hello, requestId, caller, {});
  }
}
