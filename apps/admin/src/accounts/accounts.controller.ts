import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, CreateAccountBody, CreatePersonalAccessTokenBody, ServiceRequest, Subjects, UpdateAccountBody } from '@platform/contracts';
import { AccountsService } from './accounts.service';

type Request<T = Record<string, never>> = ServiceRequest<AdminCaller, T>;

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(Subjects.admin.getAccount)
  get(@Payload() { caller }: Request) {
    return this.accounts.get(caller);
  }

  @MessagePattern(Subjects.admin.updateAccount)
  update(@Payload() { caller, input }: Request<UpdateAccountBody>) {
    return this.accounts.update(caller, input);
  }

  @MessagePattern(Subjects.admin.createPersonalAccessToken)
  createToken(@Payload() { caller, input }: Request<CreatePersonalAccessTokenBody>) {
    return this.accounts.createToken(caller, input);
  }

  @MessagePattern(Subjects.admin.listPersonalAccessTokens)
  listTokens(@Payload() { caller }: Request) {
    return this.accounts.listTokens(caller);
  }

  @MessagePattern(Subjects.admin.deletePersonalAccessToken)
  deleteToken(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.accounts.deleteToken(caller, input.id);
  }

  @MessagePattern(Subjects.admin.createAccount)
  createAccount(@Payload() { caller, input }: Request<CreateAccountBody>) {
    return this.accounts.createAccount(caller, input);
  }
}
