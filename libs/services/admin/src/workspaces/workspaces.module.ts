import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { AuditModule } from '../audit/audit.module';
import { BotsModule } from '../bots/bots.module';
import { WorkspacesController } from './workspaces.controller';
import { WorkspacesService } from './workspaces.service';

/** Workspaces and their members. Their repository comes with `AccessModule`, which authorises against it. */
@Module({
  imports: [AccessModule, AuditModule, BotsModule],
  controllers: [WorkspacesController],
  providers: [WorkspacesService],
})
export class WorkspacesModule {}
