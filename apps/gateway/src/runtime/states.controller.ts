import { Body, Controller, Get, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import {
  GetOrSetStateBody,
  PatchStateBody,
  RuntimeCaller,
  RuntimeStateResponse,
  SetStateBody,
  SetStateExpiryBody,
  StateParams,
  Subjects,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/states/:type/:id/:name')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class StatesController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get()
  @Operation('getState', { summary: 'Get a state of a conversation, a user, the bot or a task', response: RuntimeStateResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: StateParams) {
    return this.proxy.forward(Subjects.runtime.getState, requestId, caller, params);
  }

  @Post()
  @Operation('setState', { summary: 'Set the payload of a state, creating it if needed; a null payload deletes it', response: RuntimeStateResponse })
  set(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: StateParams, @Body() body: SetStateBody) {
    return this.proxy.forward(Subjects.runtime.setState, requestId, caller, { ...body, ...params });
  }

  @Post('get-or-set')
  @Operation('getOrSetState', { summary: 'Get a state, or create it with the given payload if it does not exist', response: RuntimeStateResponse })
  getOrSet(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: StateParams, @Body() body: GetOrSetStateBody) {
    return this.proxy.forward(Subjects.runtime.getOrSetState, requestId, caller, { ...body, ...params });
  }

  @Patch()
  @Operation('patchState', { summary: 'Set some top-level properties of the payload of a state', response: RuntimeStateResponse })
  patch(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: StateParams, @Body() body: PatchStateBody) {
    return this.proxy.forward(Subjects.runtime.patchState, requestId, caller, { ...body, ...params });
  }

  @Post('expiry')
  @Operation('setStateExpiry', { summary: 'Set or remove the expiry of a state', response: RuntimeStateResponse })
  setExpiry(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param() params: StateParams, @Body() body: SetStateExpiryBody) {
    return this.proxy.forward(Subjects.runtime.setStateExpiry, requestId, caller, { ...body, ...params });
  }
}
