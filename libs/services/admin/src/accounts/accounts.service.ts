import { Injectable } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { isUniqueViolation } from '@platform/persistence';
import {
  AccountResponse,
  CreateAccountBody,
  CreateAccountResponse,
  CreatePersonalAccessTokenBody,
  CreatePersonalAccessTokenResponse,
  Errors,
  ListPersonalAccessTokensResponse,
  newAccountId,
  newId,
  UpdateAccountBody,
} from '@platform/contracts';
import { AccessNotices } from '../access/access-notices';

import { AccessTokenEntity } from './access-token.entity';
import { toAccountView, toTokenView } from './account-view';
import { AccountEntity } from './account.entity';
import { AccountsRepository } from './accounts.repository';

/** The caller's own account and personal access tokens, and account creation by the platform owner. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly notices: AccessNotices,
  ) {}

  get(account: AccountEntity): AccountResponse {
    return { account: toAccountView(account) };
  }

  async update(account: AccountEntity, input: UpdateAccountBody): Promise<AccountResponse> {
    const next: AccountEntity = {
      ...account,
      displayName: input.displayName ?? account.displayName,
      profilePicture: input.profilePicture ?? account.profilePicture,
      updatedAt: new Date(),
    };
    await this.accounts.update(next);
    // Every replica's grants of this account carry its details.
    await this.notices.accountChanged(account.id);
    return { account: toAccountView(next) };
  }

  /** The token's value is in this answer only: what is stored is its hash. */
  async createToken(account: AccountEntity, input: CreatePersonalAccessTokenBody): Promise<CreatePersonalAccessTokenResponse> {
    const value = newSecret('bp_pat');
    const token: AccessTokenEntity = {
      id: newId('pat'),
      accountId: account.id,
      tokenHash: hashSecret(value),
      note: input.note,
      createdAt: new Date(),
      revokedAt: null,
    };
    await this.accounts.insertToken(token);
    return { pat: { ...toTokenView(token), value } };
  }

  async listTokens(account: AccountEntity): Promise<ListPersonalAccessTokensResponse> {
    return { pats: (await this.accounts.liveTokens(account.id)).map(toTokenView) };
  }

  /** Revokes the token at once, here and in every replica's cache. Another account's id is unknown. */
  async deleteToken(account: AccountEntity, id: string): Promise<Record<string, never>> {
    const token = await this.accounts.findLiveToken(account.id, id);
    if (!token || !(await this.accounts.revokeToken(token.id, new Date()))) throw Errors.notFound('Personal access token', id);
    await this.notices.tokensRevoked([token.tokenHash]);
    return {};
  }

  /**
   * How a self-hosted platform hands a new person a first token: the platform owner creates the
   * account, then adds it to workspaces by its email.
   */
  async createAccount(_owner: AccountEntity, input: CreateAccountBody): Promise<CreateAccountResponse> {
    const email = input.email.toLowerCase();
    if (await this.accounts.findByEmail(email)) throw Errors.alreadyExists('Account', email);
    const now = new Date();
    const account: AccountEntity = { id: newAccountId(), email, displayName: null, profilePicture: null, platformOwner: false, createdAt: now, updatedAt: now };
    const value = newSecret('bp_pat');
    try {
      await this.accounts.transaction(async (manager) => {
        await this.accounts.insertAccount(account, manager);
        await this.accounts.insertToken(
          { id: newId('pat'), accountId: account.id, tokenHash: hashSecret(value), note: 'first token', createdAt: now, revokedAt: null },
          manager,
        );
      });
    } catch (error) {
      // Two concurrent creations of the same email: the second loses on the unique index.
      if (isUniqueViolation(error)) throw Errors.alreadyExists('Account', email);
      throw error;
    }
    return { account: toAccountView(account), token: value };
  }
}
