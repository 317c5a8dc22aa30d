import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { Caller, RuntimeAuthGuard } from '@platform/auth';
import { ConfigureIntegrationBody, RuntimeCaller, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { RuntimeHeaders } from './runtime-headers.decorator';

@Controller('v1/chat/integrations')
@UseGuards(RuntimeAuthGuard)
@RuntimeHeaders()
export class IntegrationsController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Post('configure')
  @Operation('configureIntegration', { summary: 'Configure an integration instance installed on the bot' })
  configure(@RequestId() requestId: string, @Caller() caller: RuntimeCaller, @Body() body: ConfigureIntegrationBody) {
    return this.proxy.forward(Subjects.runtime.configureIntegration, requestId, caller, body);
  }
}
