import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, Like, Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';

@Injectable()
export class AccountsRepository {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(AccessTokenEntity) private readonly tokens: Repository<AccessTokenEntity>,
  ) {}

  /**
   * The account holding a live token with this hash, if any. The lookup is by the SHA-256 of a
   * 256-bit secret, which a caller cannot steer byte by byte; the stored hash is still compared
   * in constant time before it is trusted.
   */
  /** Whether a token with this hash was ever issued, revoked or not. */
  async tokenExists(tokenHash: string, manager: EntityManager = this.tokens.manager): Promise<boolean> {
    return (await manager.count(AccessTokenEntity, { where: { tokenHash } })) > 0;
  }

  findById(id: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { id } });
  }

  /** Emails are kept lowercased, so the lookup is exact. */
  findByEmail(email: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { email: email.toLowerCase() } });
  }

  async findByIds(ids: string[]): Promise<Map<string, AccountEntity>> {
    if (ids.length === 0) return new Map();
    const found = await this.accounts.find({ where: { id: In(ids) } });
    return new Map(found.map((a) => [a.id, a]));
  }

  async update(account: AccountEntity): Promise<void> {
    await this.accounts.update({ id: account.id }, { displayName: account.displayName, profilePicture: account.profilePicture, updatedAt: account.updatedAt });
  }

  /** The account's live tokens, oldest first. */
  liveTokens(accountId: string): Promise<AccessTokenEntity[]> {
    return this.tokens.find({ where: { accountId, revokedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findLiveToken(accountId: string, id: string): Promise<AccessTokenEntity | null> {
    return this.tokens.findOne({ where: { id, accountId, revokedAt: IsNull() } });
  }

  /** Revokes a token; false when it was revoked meanwhile (by a concurrent request). */
  async revokeToken(id: string, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
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

  /** Runs `work` in one transaction. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.accounts.manager.transaction(work);
  }
}
