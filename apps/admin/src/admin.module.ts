import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { AccessService } from './access/access.service';
import { BotAccessController } from './access/bot-access.controller';
import { BotAccessService } from './access/bot-access.service';
import { AccessTokenEntity } from './accounts/access-token.entity';
import { AccountEntity } from './accounts/account.entity';
import { AccountsRepository } from './accounts/accounts.repository';
import { BootstrapService } from './accounts/bootstrap.service';
import { BotIntegrationEntity } from './bots/bot-integration.entity';
import { BotEntity } from './bots/bot.entity';
import { BotsController } from './bots/bots.controller';
import { BotsRepository } from './bots/bots.repository';
import { BotsService } from './bots/bots.service';
import { Initial1732200000000 } from './migrations/1732200000000-initial';
import { PlatformSecrets1732700000000 } from './migrations/1732700000000-platform-secrets';
import { PlatformSecretEntity } from './secrets/platform-secret.entity';
import { secretBoxProvider } from './secrets/secret-box.provider';
import { BotApiKeys1732610000000 } from './migrations/1732610000000-bot-api-keys';
import { BotApiKeyEntity } from './bot-api-keys/bot-api-key.entity';
import { BotApiKeysController } from './bot-api-keys/bot-api-keys.controller';
import { BotApiKeysRepository } from './bot-api-keys/bot-api-keys.repository';
import { BotApiKeysService } from './bot-api-keys/bot-api-keys.service';
import { MemberEntity } from './workspaces/member.entity';
import { WorkspaceEntity } from './workspaces/workspace.entity';
import { WorkspacesController } from './workspaces/workspaces.controller';
import { WorkspacesRepository } from './workspaces/workspaces.repository';
import { WorkspacesService } from './workspaces/workspaces.service';
import { AccessNotices } from './access/access-notices';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { AuditRecordEntity } from './audit/audit-record.entity';
import { AuditController } from './audit/audit.controller';
import { AuditRepository } from './audit/audit.repository';
import { AuditService } from './audit/audit.service';
import { BotRemoval } from './bots/bot-removal.service';
import { MembersController } from './members/members.controller';
import { MembersRepository } from './members/members.repository';
import { MembersService } from './members/members.service';
import { Tenancy1732710000000 } from './migrations/1732710000000-tenancy';

@Module({})
export class AdminModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: AdminModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({
          schema: 'admin',
          entities: [AccountEntity, AccessTokenEntity, WorkspaceEntity, MemberEntity, BotEntity, BotIntegrationEntity, BotApiKeyEntity, PlatformSecretEntity, AuditRecordEntity],
          migrations: [Initial1732200000000, BotApiKeys1732610000000, PlatformSecrets1732700000000, Tenancy1732710000000],
        }),
      ],
      controllers: [healthController('admin'), WorkspacesController, BotsController, BotAccessController, BotApiKeysController, AccountsController, MembersController, AuditController],
      providers: [
        secretBoxProvider,
        AccountsRepository,
        WorkspacesRepository,
        BotsRepository,
        AccessService,
        BotAccessService,
        BootstrapService,
        WorkspacesService,
        BotsService,
        BotApiKeysRepository,
        BotApiKeysService,
        AccessNotices,
        AccountsService,
        AuditRepository,
        AuditService,
        BotRemoval,
        MembersRepository,
        MembersService,
      ],
    };
  }
}
