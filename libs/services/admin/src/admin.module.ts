import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { AccessModule } from './access/access.module';
import { AdminAccessPolicy } from './access/admin-access.policy';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { BotApiKeysModule } from './bot-api-keys/bot-api-keys.module';
import { BotActivityModule } from './bot-activity/bot-activity.module';
import { BotIssuesModule } from './bot-issues/bot-issues.module';
import { BotVersionsModule } from './bot-versions/bot-versions.module';
import { BotsModule } from './bots/bots.module';
import { DeploymentsModule } from './deployments/deployments.module';
import { MembersModule } from './members/members.module';
import { PreferencesModule } from './preferences/preferences.module';
import { ADMIN_MIGRATIONS } from './migrations';
import { UsagesModule } from './usages/usages.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

@Module({})
export class AdminModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: AdminModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'admin', migrations: ADMIN_MIGRATIONS }),
        AccessModule,
        AccountsModule,
        AuditModule,
        BotApiKeysModule,
        BotActivityModule,
        BotIssuesModule,
        BotVersionsModule,
        BotsModule,
        DeploymentsModule,
        MembersModule,
        PreferencesModule,
        UsagesModule,
        WorkspacesModule,
      ],
      controllers: [healthController('admin')],
      providers: operationEdge(AdminAccessPolicy),
    };
  }
}
