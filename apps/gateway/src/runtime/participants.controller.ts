import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import { AddParticipantBody, ListParticipantsResponse, RuntimeCaller, RuntimeParticipantResponse, SizedPageQueryDto, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/conversations/:id/participants')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class ParticipantsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get()
  @Operation('listParticipants', { summary: 'List the participants of a conversation, in the order they joined', response: ListParticipantsResponse })
  list(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') conversationId: string, @Query() query: SizedPageQueryDto) {
    return this.proxy.forward(Subjects.runtime.listParticipants, requestId, caller, { ...query, conversationId });
  }

  @Post()
  @Operation('addParticipant', { summary: 'Add a user to a conversation', response: RuntimeParticipantResponse })
  add(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') conversationId: string, @Body() body: AddParticipantBody) {
    return this.proxy.forward(Subjects.runtime.addParticipant, requestId, caller, { ...body, conversationId });
  }

  @Get(':userId')
  @Operation('getParticipant', { summary: 'Get a participant of a conversation', response: RuntimeParticipantResponse })
  get(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') conversationId: string, @Param('userId') userId: string) {
    return this.proxy.forward(Subjects.runtime.getParticipant, requestId, caller, { conversationId, userId });
  }

  @Delete(':userId')
  @Operation('removeParticipant', { summary: 'Remove a user from a conversation; their live listeners are disconnected' })
  remove(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Param('id') conversationId: string, @Param('userId') userId: string) {
    return this.proxy.forward(Subjects.runtime.removeParticipant, requestId, caller, { conversationId, userId });
  }
}
