import { Controller } from '@nestjs/common';
import { toWebchatUserView, WebchatOperations as Webchat } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { UsersService } from '../users/users.service';
import { webchatUserFields } from './webchat-users';

type Request<O extends (typeof Webchat)[keyof typeof Webchat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class WebchatUsersController {
  constructor(private readonly users: UsersService) {}

  @Handles(Webchat.createUser)
  async create({ access, input }: Request<typeof Webchat.createUser>) {
    const { user, key } = await this.users.create(access, webchatUserFields(input, access.webhook));
    return { user: toWebchatUserView(user), key };
  }

  /** A key for a user id of the site's own (its sign-in), with the admin secret; the user is created when the web chat opens with it. */
  @Handles(Webchat.generateUserKey)
  generateKey({ access, input }: Request<typeof Webchat.generateUserKey>) {
    return { key: this.users.keyFor(access, input.id, input.expiresAt) };
  }

  @Handles(Webchat.getUser)
  async get({ access }: Request<typeof Webchat.getUser>) {
    return { user: toWebchatUserView(await this.users.get(access)) };
  }

  @Handles(Webchat.updateUser)
  async update({ access, input }: Request<typeof Webchat.updateUser>) {
    const current = await this.users.get(access);
    return { user: toWebchatUserView(await this.users.update(access, webchatUserFields(input, access.webhook, current))) };
  }

  @Handles(Webchat.deleteUser)
  delete({ access }: Request<typeof Webchat.deleteUser>) {
    return this.users.delete(access);
  }
}
