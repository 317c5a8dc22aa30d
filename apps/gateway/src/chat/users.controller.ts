import { Body, Controller, Delete, Get, Post, Put, UseGuards } from '@nestjs/common';
import { Caller, ChatAuthGuard, UserKeyOptional } from '@platform/auth';
import { ChatCaller, ChatUserResponse, ChatUserWithKeyResponse, CreateChatUserBody, Subjects, UserProfileBody } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { ChatHeaders } from './chat-headers.decorator';

@Controller('chat/:webhookId/users')
@UseGuards(ChatAuthGuard)
export class ChatUsersController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @UserKeyOptional()
  @ChatHeaders(false)
  @Operation('chatCreateUser', { summary: 'Create a chat user and its key', response: ChatUserWithKeyResponse })
  create(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: CreateChatUserBody) {
    return this.proxy.forward(Subjects.chat.createUser, requestId, caller, body);
  }

  @Post('get-or-create')
  @ChatHeaders()
  @Operation('chatGetOrCreateUser', { summary: 'Get the user of the key, creating it on first use', response: ChatUserResponse })
  getOrCreate(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: UserProfileBody) {
    return this.proxy.forward(Subjects.chat.getOrCreateUser, requestId, caller, body);
  }

  @Get('me')
  @ChatHeaders()
  @Operation('chatGetUser', { summary: 'Get the user of the key', response: ChatUserResponse })
  get(@RequestId() requestId: string, @Caller() caller: ChatCaller) {
    return this.proxy.forward(Subjects.chat.getUser, requestId, caller, {});
  }

  @Put('me')
  @ChatHeaders()
  @Operation('chatUpdateUser', { summary: 'Update the user of the key', response: ChatUserResponse })
  update(@RequestId() requestId: string, @Caller() caller: ChatCaller, @Body() body: UserProfileBody) {
    return this.proxy.forward(Subjects.chat.updateUser, requestId, caller, body);
  }

  @Delete('me')
  @ChatHeaders()
  @Operation('chatDeleteUser', { summary: 'Delete the user of the key' })
  remove(@RequestId() requestId: string, @Caller() caller: ChatCaller) {
    return this.proxy.forward(Subjects.chat.deleteUser, requestId, caller, {});
  }
}
