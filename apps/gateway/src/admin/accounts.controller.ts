import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller, WorkspaceOptional } from '@platform/auth';
import { AdminCaller, CreateAccountBody, CreateAccountResponse, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

/**
 * Self-hosting: how the platform owner hands a new person a first token. Botpress Cloud has no
 * such operation (accounts come from sign-up), hence the experimental tag.
 */
@Controller('v1/admin/accounts')
@UseGuards(AdminAuthGuard)
@WorkspaceOptional()
@AdminHeaders(false)
export class AccountsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createAccount', {
    summary: 'Create an account and its first personal access token (platform owner only); the token is shown only in this answer',
    response: CreateAccountResponse,
    experimental: true,
  })
  create(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreateAccountBody) {
    return this.proxy.forward(Subjects.admin.createAccount, requestId, caller, body);
  }
}
