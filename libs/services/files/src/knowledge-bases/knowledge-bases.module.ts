import { Module } from '@nestjs/common';
import { FileContentsModule } from '../files/files.module';
import { KnowledgeBasesController } from './knowledge-bases.controller';
import { KnowledgeBasesRepository } from './knowledge-bases.repository';
import { KnowledgeBasesService } from './knowledge-bases.service';

@Module({
  imports: [FileContentsModule],
  controllers: [KnowledgeBasesController],
  providers: [KnowledgeBasesRepository, KnowledgeBasesService],
})
export class KnowledgeBasesModule {}
