import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotsModule } from '../bots/bots.module';
import { BotVersionEntity } from './bot-version.entity';
import { BotVersionsController } from './bot-versions.controller';
import { BotVersionsRepository } from './bot-versions.repository';
import { BotVersionsService } from './bot-versions.service';

/** A bot as JSON, and its named versions. */
@Module({
  imports: [TypeOrmModule.forFeature([BotVersionEntity]), BotsModule],
  controllers: [BotVersionsController],
  providers: [BotVersionsRepository, BotVersionsService],
})
export class BotVersionsModule {}
