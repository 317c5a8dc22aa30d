import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Like, Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';

@Injectable()
export class AccountsRepository {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(AccessTokenEntity) private readonly tokens: Repository<AccessTokenEntity>,
  ) {}

  /** The account holding a token with this hash, if any. */
  async findByTokenHash(tokenHash: string): Promise<AccountEntity | null> {
    const token = await this.tokens.findOne({ where: { tokenHash } });
    return token ? this.accounts.findOne({ where: { id: token.accountId } }) : null;
  }

  async tokenExists(tokenHash: string, manager: EntityManager = this.tokens.manager): Promise<boolean> {
    return (await manager.count(AccessTokenEntity, { where: { tokenHash } })) > 0;
  }

  async countAccounts(manager: EntityManager = this.accounts.manager): Promise<number> {
    return manager.count(AccountEntity);
  }

  async insertAccount(account: AccountEntity, manager: EntityManager = this.accounts.manager): Promise<void> {
    await manager.insert(AccountEntity, account);
  }

  async insertToken(token: AccessTokenEntity, manager: EntityManager = this.tokens.manager): Promise<void> {
    await manager.insert(AccessTokenEntity, token);
  }

  /** `owner@localhost`, or a numbered variant when an earlier bootstrap token already took it. */
  async freeOwnerEmail(manager: EntityManager = this.accounts.manager): Promise<string> {
    const taken = await manager.count(AccountEntity, { where: { email: Like('owner%@localhost') } });
    return taken === 0 ? 'owner@localhost' : `owner-${taken + 1}@localhost`;
  }

  /** Runs `work` in one transaction holding a lock shared by every admin replica. */
  async exclusively<T>(lockKey: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.accounts.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
      return work(manager);
    });
  }
}
