import { Module } from '@nestjs/common';
import { HelloController } from './hello.controller';
import { RuntimeForwarder } from './runtime-forwarder.service';
import { WebhookResolver } from './webhook-resolver.service';

/** The bot behind each `{webhookId}`, and the path from a chat request to the runtime's answer. */
@Module({
  controllers: [HelloController],
  providers: [WebhookResolver, RuntimeForwarder],
  exports: [WebhookResolver, RuntimeForwarder],
})
export class WebhooksModule {}
