import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller, WorkspaceOptional } from '@platform/auth';
import {
  AccountResponse,
  AdminCaller,
  CreatePersonalAccessTokenBody,
  CreatePersonalAccessTokenResponse,
  IdParam,
  ListPersonalAccessTokensResponse,
  Subjects,
  UpdateAccountBody,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

/** The caller's own account and personal access tokens: no workspace is involved. */
@Controller('v1/admin/account')
@UseGuards(AdminAuthGuard)
@WorkspaceOptional()
@AdminHeaders(false)
export class AccountController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get('me')
  @Operation('getAccount', { summary: 'Get the caller\'s account', response: AccountResponse })
  get(@RequestId() requestId: string, @Caller() caller: AdminCaller) {
    return this.proxy.forward(Subjects.admin.getAccount, requestId, caller, {});
  }

  @Put('me')
  @Operation('updateAccount', { summary: 'Update the caller\'s account', response: AccountResponse })
  update(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: UpdateAccountBody) {
    return this.proxy.forward(Subjects.admin.updateAccount, requestId, caller, body);
  }

  @Get('pats')
  @Operation('listPersonalAccessTokens', { summary: 'List the caller\'s personal access tokens, without their values', response: ListPersonalAccessTokensResponse })
  listTokens(@RequestId() requestId: string, @Caller() caller: AdminCaller) {
    return this.proxy.forward(Subjects.admin.listPersonalAccessTokens, requestId, caller, {});
  }

  @Post('pats')
  @Operation('createPersonalAccessToken', { summary: 'Create a personal access token; its value is shown only in this answer', response: CreatePersonalAccessTokenResponse })
  createToken(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreatePersonalAccessTokenBody) {
    return this.proxy.forward(Subjects.admin.createPersonalAccessToken, requestId, caller, body);
  }

  @Delete('pats/:id')
  @Operation('deletePersonalAccessToken', { summary: 'Delete a personal access token, which stops working at once' })
  deleteToken(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: IdParam) {
    return this.proxy.forward(Subjects.admin.deletePersonalAccessToken, requestId, caller, params);
  }
}
