import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { UsagesController } from './usages.controller';
import { UsagesService } from './usages.service';

/** Workspaces' usages and quotas. */
@Module({
  imports: [AccessModule],
  controllers: [UsagesController],
  providers: [UsagesService],
})
export class UsagesModule {}
