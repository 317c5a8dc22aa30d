import { Injectable } from '@nestjs/common';
import { ChatUserInput, ChatUserView, Errors, FOREIGN_ID_PATTERN } from '@platform/contracts';
import { toChatUserView } from './user-view';
import { UsersRepository } from './users.repository';
import { NewUser, UsersService } from './users.service';

/** The users of a bot as its chat integration creates and reads them. */
@Injectable()
export class ChatUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  async create(input: ChatUserInput): Promise<ChatUserView> {
    return toChatUserView(await this.users.create(this.newUser(input)));
  }

  /** The id comes from a key the caller may have signed itself: it obeys the foreign id rule. */
  async getOrCreate(input: ChatUserInput & { id: string }): Promise<ChatUserView> {
    if (!FOREIGN_ID_PATTERN.test(input.id)) {
      throw Errors.invalidPayload(`The user id of the key must match ${FOREIGN_ID_PATTERN.source}`);
    }
    return toChatUserView(await this.repository.insertIfAbsent(this.users.build(this.newUser(input))));
  }

  async get(botId: string, id: string): Promise<ChatUserView> {
    return toChatUserView(await this.users.require(botId, id));
  }

  /** Only the fields given change; the others keep their value. */
  async update(input: ChatUserInput & { id: string }): Promise<ChatUserView> {
    const user = await this.users.require(input.botId, input.id);
    return toChatUserView(await this.users.update(user, { name: input.name, pictureUrl: input.pictureUrl, profile: input.profile }));
  }

  async delete(botId: string, id: string): Promise<Record<string, never>> {
    await this.users.delete(botId, id);
    return {};
  }

  private newUser(input: ChatUserInput): NewUser {
    return { botId: input.botId, id: input.id, integration: 'chat', name: input.name, pictureUrl: input.pictureUrl, profile: input.profile };
  }
}
