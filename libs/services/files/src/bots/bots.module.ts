import { Module } from '@nestjs/common';
import { FileContentsModule } from '../files/files.module';
import { BotFilesController } from './bot-files.controller';
import { BotFilesService } from './bot-files.service';

/** A bot's files as a whole (their purge). */
@Module({
  imports: [FileContentsModule],
  controllers: [BotFilesController],
  providers: [BotFilesService],
})
export class BotFilesModule {}
