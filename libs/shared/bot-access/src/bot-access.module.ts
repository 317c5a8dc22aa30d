import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCaller } from '@platform/contracts';
import { BOT_ACCESS_ASKER, BotAccessService } from './bot-access.service';

/**
 * Who may act on a bot, as the admin service answers it (cached, dropped on notice), for a
 * service serving one of the bot's APIs. Pair it with `operationEdge(BotAccessPolicy)`.
 */
@Module({})
export class BotAccessModule {
  static forService(asker: ServiceCaller): DynamicModule {
    return {
      module: BotAccessModule,
      global: true,
      providers: [{ provide: BOT_ACCESS_ASKER, useValue: asker }, BotAccessService],
      exports: [BotAccessService],
    };
  }
}
