import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokenEntity } from '../accounts/access-token.entity';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsRepository } from '../accounts/accounts.repository';
import { MemberEntity } from '../workspaces/member.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { AccessGrants } from './access-grants';
import { AccessNotices } from './access-notices';
import { AccessRepository } from './access.repository';
import { AccessService } from './access.service';

/**
 * Who the caller is and what they may do, for every other module. It authenticates against
 * accounts and their tokens and authorises against workspaces and their members, so the
 * repositories of those tables are provided and exported here, below the accounts and workspaces
 * modules that manage them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, AccessTokenEntity, WorkspaceEntity, MemberEntity])],
  providers: [AccessService, AccessGrants, AccessNotices, AccessRepository, AccountsRepository, WorkspacesRepository],
  exports: [AccessService, AccessNotices, AccountsRepository, WorkspacesRepository],
})
export class AccessModule {}
