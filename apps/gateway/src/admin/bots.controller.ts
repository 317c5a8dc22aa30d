import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller } from '@platform/auth';
import { AdminCaller, BotIdParam, BotLogsQuery, BotLogsResponse, BotResponse, CreateBotBody, ListBotsQuery, ListBotsResponse, Subjects, UpdateBotBody } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

@Controller('v1/admin/bots')
@UseGuards(AdminAuthGuard)
@AdminHeaders()
export class BotsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post()
  @Operation('createBot', { summary: 'Create a bot', response: BotResponse })
  create(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreateBotBody) {
    return this.proxy.forward(Subjects.admin.createBot, requestId, caller, body);
  }

  @Get()
  @Operation('listBots', { summary: 'List the bots of the workspace', response: ListBotsResponse })
  list(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Query() query: ListBotsQuery) {
    return this.proxy.forward(Subjects.admin.listBots, requestId, caller, query);
  }

  @Get(':id')
  @Operation('getBot', { summary: 'Get a bot', response: BotResponse })
  get(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: BotIdParam) {
    return this.proxy.forward(Subjects.admin.getBot, requestId, caller, params);
  }

  @Get(':id/logs')
  @Operation('getBotLogs', { summary: 'What the platform logged for the bot: deliveries of its events and their failures', response: BotLogsResponse })
  logs(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: BotIdParam, @Query() query: BotLogsQuery) {
    return this.proxy.forward(Subjects.admin.getBotLogs, requestId, caller, { ...query, id: params.id });
  }

  @Put(':id')
  @Operation('updateBot', { summary: 'Update a bot, its integrations and its url', response: BotResponse })
  update(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: BotIdParam, @Body() body: UpdateBotBody) {
    return this.proxy.forward(Subjects.admin.updateBot, requestId, caller, { ...body, id: params.id });
  }

  @Delete(':id')
  @Operation('deleteBot', { summary: 'Delete a bot' })
  remove(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: BotIdParam) {
    return this.proxy.forward(Subjects.admin.deleteBot, requestId, caller, params);
  }
}
