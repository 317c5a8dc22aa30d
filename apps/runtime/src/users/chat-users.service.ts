import { Injectable } from '@nestjs/common';
import { ChatUserInput, ChatUserView, Errors, newId } from '@platform/contracts';
import { toChatUserView } from './user-view';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';

/** The users of a bot as its chat integration creates and reads them. */
@Injectable()
export class ChatUsersService {
  constructor(private readonly users: UsersRepository) {}

  async create(input: ChatUserInput): Promise<ChatUserView> {
    const user = this.newUser(input, input.id ?? newId('user'));
    await this.users.insert(user);
    return toChatUserView(user);
  }

  async getOrCreate(input: ChatUserInput & { id: string }): Promise<ChatUserView> {
    return toChatUserView(await this.users.insertIfAbsent(this.newUser(input, input.id)));
  }

  async get(botId: string, id: string): Promise<ChatUserView> {
    const user = await this.users.find(botId, id);
    if (!user) throw Errors.notFound('User', id);
    return toChatUserView(user);
  }

  private newUser(input: ChatUserInput, id: string): UserEntity {
    const now = new Date();
    return {
      botId: input.botId,
      id,
      integration: 'chat',
      name: input.name ?? null,
      pictureUrl: input.pictureUrl ?? null,
      profile: input.profile ?? null,
      tags: {},
      createdAt: now,
      updatedAt: now,
    };
  }
}
