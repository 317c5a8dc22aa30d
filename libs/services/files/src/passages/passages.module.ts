import { Module } from '@nestjs/common';
import { FileContentsModule } from '../files/files.module';
import { PassagesController } from './passages.controller';
import { PassagesService } from './passages.service';
import { SearchService } from './search.service';

@Module({
  imports: [FileContentsModule],
  controllers: [PassagesController],
  providers: [PassagesService, SearchService],
})
export class PassagesModule {}
