import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller } from '@platform/auth';
import {
  AdminCaller,
  CreateBotApiKeyBody,
  CreatedBotApiKeyResponse,
  IdParam,
  ListBotApiKeysQuery,
  ListBotApiKeysResponse,
  Subjects,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

/**
 * Bot API keys. Registered before the bots controller: `/v1/admin/bots/baks` must not be taken
 * for the bot whose id is `baks`.
 */
@Controller('v1/admin/bots/baks')
@UseGuards(AdminAuthGuard)
@AdminHeaders()
export class BotApiKeysController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createBotApiKey', { summary: 'Create an API key of a bot; its value is shown only in this answer', response: CreatedBotApiKeyResponse })
  create(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreateBotApiKeyBody) {
    return this.proxy.forward(Subjects.admin.createBotApiKey, requestId, caller, body);
  }

  @Get()
  @Operation('listBotApiKeys', { summary: 'List the API keys of a bot, without their values', response: ListBotApiKeysResponse })
  list(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Query() query: ListBotApiKeysQuery) {
    return this.proxy.forward(Subjects.admin.listBotApiKeys, requestId, caller, query);
  }

  @Delete(':id')
  @Operation('deleteBotApiKey', { summary: 'Delete an API key of a bot, which stops working at once' })
  remove(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: IdParam) {
    return this.proxy.forward(Subjects.admin.deleteBotApiKey, requestId, caller, params);
  }
}
