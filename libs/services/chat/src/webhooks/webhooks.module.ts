import { Global, Module } from '@nestjs/common';
import { HelloController } from './hello.controller';
import { WebhookResolver } from './webhook-resolver.service';

/** The bot and chat integration instance behind each `{webhookId}`. */
@Global()
@Module({
  controllers: [HelloController],
  providers: [WebhookResolver],
  exports: [WebhookResolver],
})
export class WebhooksModule {}
