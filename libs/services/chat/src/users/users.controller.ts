import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, toChatUserView, UserProfileBody } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { UserFields, UsersService } from './users.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

/** The chat API's profile is the user's `profile` tag. */
const fieldsOf = (input: UserProfileBody): UserFields => ({
  name: input.name,
  pictureUrl: input.pictureUrl,
  ...(input.profile !== undefined ? { tags: { profile: input.profile } } : {}),
});

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Handles(Chat.createUser)
  async create({ access, input }: Request<typeof Chat.createUser>) {
    const { user, key } = await this.users.create(access, { id: input.id, ...fieldsOf(input) });
    return { user: toChatUserView(user), key };
  }

  @Handles(Chat.getOrCreateUser)
  async getOrCreate({ access, input }: Request<typeof Chat.getOrCreateUser>) {
    return { user: toChatUserView(await this.users.getOrCreate(access, fieldsOf(input))) };
  }

  @Handles(Chat.getUser)
  async get({ access }: Request<typeof Chat.getUser>) {
    return { user: toChatUserView(await this.users.get(access)) };
  }

  @Handles(Chat.updateUser)
  async update({ access, input }: Request<typeof Chat.updateUser>) {
    return { user: toChatUserView(await this.users.update(access, fieldsOf(input))) };
  }

  @Handles(Chat.deleteUser)
  delete({ access }: Request<typeof Chat.deleteUser>) {
    return this.users.delete(access);
  }
}
