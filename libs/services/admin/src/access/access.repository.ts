import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { constantTimeEqual } from '@platform/auth';
import { columnsOf, tableOf, toEntity } from '@platform/persistence';
import { AccessTokenEntity } from '../accounts/access-token.entity';
import { AccountEntity } from '../accounts/account.entity';
import { ActiveMember, MemberEntity } from '../workspaces/member.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** What a token may reach: its account and, for a workspace asked about, whether it exists and the account's membership. */
export interface TokenAccess {
  account: AccountEntity;
  workspaceExists: boolean;
  member: ActiveMember | null;
}

/**
 * The reads that authenticate and authorise a caller, as one statement: every admin request
 * makes them, and four round trips (token, account, workspace, membership) cost more than the
 * request's own work.
 */
@Injectable()
export class AccessRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The live token's access, or null for a token never issued or revoked. */
  async find(tokenHash: string, workspaceId?: string): Promise<TokenAccess | null> {
    const manager = this.dataSource.manager;
    const rows = (await manager.query(
      `SELECT t."token_hash" AS "token_hash", ${columnsOf(manager, AccountEntity, 'a', 'a_')},
         w."id" AS "workspace_id", ${columnsOf(manager, MemberEntity, 'm', 'm_')}
       FROM ${tableOf(manager, AccessTokenEntity)} t
       JOIN ${tableOf(manager, AccountEntity)} a ON a."id" = t."account_id"
       LEFT JOIN ${tableOf(manager, WorkspaceEntity)} w ON w."id" = $2
       LEFT JOIN ${tableOf(manager, MemberEntity)} m ON m."workspace_id" = w."id" AND m."account_id" = a."id"
       WHERE t."token_hash" = $1 AND t."revoked_at" IS NULL
       LIMIT 1`,
      [tokenHash, workspaceId ?? null],
    )) as Record<string, unknown>[];
    const row = rows[0];
    if (!row || !constantTimeEqual(row.token_hash as string, tokenHash)) return null;
    return {
      account: toEntity(manager, AccountEntity, row, 'a_'),
      workspaceExists: row.workspace_id !== null,
      member: row.m_id !== null ? (toEntity(manager, MemberEntity, row, 'm_') as ActiveMember) : null,
    };
  }
}
