import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { AccountEntity } from '../accounts/account.entity';
import { PreferencesService } from './preferences.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, AccountEntity>;

@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Handles(Admin.getAccountPreference)
  get({ access, input }: Request<typeof Admin.getAccountPreference>) {
    return this.preferences.get(access, input.key);
  }

  @Handles(Admin.setAccountPreference)
  set({ access, input }: Request<typeof Admin.setAccountPreference>) {
    return this.preferences.set(access, input.key, input.value);
  }
}
