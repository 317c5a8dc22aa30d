import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { AuditModule } from '../audit/audit.module';
import { BotsModule } from '../bots/bots.module';
import { BotAccessController } from './bot-access.controller';
import { BotAccessService } from './bot-access.service';
import { BotApiKeyEntity } from './bot-api-key.entity';
import { BotApiKeysController } from './bot-api-keys.controller';
import { BotApiKeysRepository } from './bot-api-keys.repository';
import { BotApiKeysService } from './bot-api-keys.service';

/**
 * Bot API keys, and the other services' questions about bots (may this token act on the bot,
 * where do its events go, whose is this webhook), which read bots and their keys both.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BotApiKeyEntity]), AccessModule, AuditModule, BotsModule],
  controllers: [BotApiKeysController, BotAccessController],
  providers: [BotApiKeysRepository, BotApiKeysService, BotAccessService],
})
export class BotApiKeysModule {}
