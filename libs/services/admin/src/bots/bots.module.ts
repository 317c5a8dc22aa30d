import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { AuditModule } from '../audit/audit.module';
import { SecretsModule } from '../secrets/secrets.module';
import { BotIntegrationEntity } from './bot-integration.entity';
import { BotRemoval } from './bot-removal.service';
import { BotSecrets } from './bot-secrets';
import { BotEntity } from './bot.entity';
import { BotsController } from './bots.controller';
import { BotsRepository } from './bots.repository';
import { SigningSecrets } from './signing-secrets';
import { BotsService } from './bots.service';

@Module({
  imports: [TypeOrmModule.forFeature([BotEntity, BotIntegrationEntity]), AccessModule, AuditModule, SecretsModule],
  controllers: [BotsController],
  providers: [BotsRepository, BotRemoval, BotsService, SigningSecrets, BotSecrets],
  exports: [BotsRepository, BotRemoval, SigningSecrets, BotSecrets, BotsService],
})
export class BotsModule {}
