import { Controller } from '@nestjs/common';
import { InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotUsersService } from './bot-users.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime] | (typeof Internal)[keyof typeof Internal]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotUsersController {
  constructor(private readonly users: BotUsersService) {}

  @Handles(Runtime.createUser)
  create({ access, input }: Request<typeof Runtime.createUser>) {
    return this.users.create(access, input);
  }

  @Handles(Internal.createIntegrationUser)
  createForIntegration({ access, input }: Request<typeof Internal.createIntegrationUser>) {
    return this.users.create(access, input);
  }

  @Handles(Runtime.getUser)
  get({ access, input }: Request<typeof Runtime.getUser>) {
    return this.users.get(access, input.id);
  }

  @Handles(Runtime.listUsers)
  list({ access, input }: Request<typeof Runtime.listUsers>) {
    return this.users.list(access, input);
  }

  @Handles(Runtime.getOrCreateUser)
  getOrCreate({ access, input }: Request<typeof Runtime.getOrCreateUser>) {
    return this.users.getOrCreate(access, input);
  }

  @Handles(Runtime.updateUser)
  update({ access, input: { id, ...changes } }: Request<typeof Runtime.updateUser>) {
    return this.users.update(access, id, changes);
  }

  @Handles(Runtime.deleteUser)
  delete({ access, input }: Request<typeof Runtime.deleteUser>) {
    return this.users.delete(access, input.id);
  }
}
