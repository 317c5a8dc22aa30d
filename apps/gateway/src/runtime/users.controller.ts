import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import {
  CreateUserBody,
  GetOrCreateUserBody,
  GetOrCreateUserResponse,
  ListUsersQuery,
  ListUsersResponse,
  RuntimeCaller,
  RuntimeUserResponse,
  Subjects,
  UpdateUserBody,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/users')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class UsersController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createUser', { summary: 'Create a user of the bot', response: RuntimeUserResponse })
  create(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: CreateUserBody) {
    return this.proxy.forward(Subjects.runtime.createUser, requestId, caller, body);
  }

  @Post('get-or-create')
  @Operation('getOrCreateUser', { summary: 'Get the user whose tags match, creating it if there is none', response: GetOrCreateUserResponse })
  getOrCreate(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: GetOrCreateUserBody) {
    return this.proxy.forward(Subjects.runtime.getOrCreateUser, requestId, caller, body);
  }

  @Get()
  @Operation('listUsers', { summary: 'List the users of the bot', response: ListUsersResponse })
  list(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Query() query: ListUsersQuery) {
    return this.proxy.forward(Subjects.runtime.listUsers, requestId, caller, query);
  }

  @Get(':id')
  @Operation('getUser', { summary: 'Get a user of the bot', response: RuntimeUserResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.getUser, requestId, caller, { id });
  }

  @Put(':id')
  @Operation('updateUser', { summary: 'Update a user of the bot', response: RuntimeUserResponse })
  update(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string, @Body() body: UpdateUserBody) {
    return this.proxy.forward(Subjects.runtime.updateUser, requestId, caller, { ...body, id });
  }

  @Delete(':id')
  @Operation('deleteUser', { summary: 'Delete a user of the bot' })
  remove(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') id: string) {
    return this.proxy.forward(Subjects.runtime.deleteUser, requestId, caller, { id });
  }
}
