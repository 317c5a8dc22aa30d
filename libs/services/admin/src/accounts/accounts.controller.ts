import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { AccountEntity } from './account.entity';
import { AccountsService } from './accounts.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, AccountEntity>;

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Handles(Admin.getAccount)
  get({ access }: Request<typeof Admin.getAccount>) {
    return this.accounts.get(access);
  }

  @Handles(Admin.updateAccount)
  update({ access, input }: Request<typeof Admin.updateAccount>) {
    return this.accounts.update(access, input);
  }

  @Handles(Admin.createPersonalAccessToken)
  createToken({ access, input }: Request<typeof Admin.createPersonalAccessToken>) {
    return this.accounts.createToken(access, input);
  }

  @Handles(Admin.listPersonalAccessTokens)
  listTokens({ access }: Request<typeof Admin.listPersonalAccessTokens>) {
    return this.accounts.listTokens(access);
  }

  @Handles(Admin.deletePersonalAccessToken)
  deleteToken({ access, input }: Request<typeof Admin.deletePersonalAccessToken>) {
    return this.accounts.deleteToken(access, input.id);
  }

  @Handles(Admin.createAccount)
  createAccount({ access, input }: Request<typeof Admin.createAccount>) {
    return this.accounts.createAccount(access, input);
  }
}
