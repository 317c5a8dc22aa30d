import { Injectable } from '@nestjs/common';
import { ChatUserInput, ChatUserView, Errors, FOREIGN_ID_PATTERN, newId } from '@platform/contracts';
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

  /** The id comes from a key the caller may have signed itself: it obeys the foreign id rule. */
  async getOrCreate(input: ChatUserInput & { id: string }): Promise<ChatUserView> {
    if (!FOREIGN_ID_PATTERN.test(input.id)) {
      throw Errors.invalidPayload(`The user id of the key must match ${FOREIGN_ID_PATTERN.source}`);
    }
    return toChatUserView(await this.users.insertIfAbsent(this.newUser(input, input.id)));
  }

  async get(botId: string, id: string): Promise<ChatUserView> {
    const user = await this.users.find(botId, id);
    if (!user) throw Errors.notFound('User', id);
    return toChatUserView(user);
  }

  /** Only the fields given change; the others keep their value. */
  async update(input: ChatUserInput & { id: string }): Promise<ChatUserView> {
    const user = await this.users.find(input.botId, input.id);
    if (!user) throw Errors.notFound('User', input.id);
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.pictureUrl !== undefined ? { pictureUrl: input.pictureUrl } : {}),
      ...(input.profile !== undefined ? { profile: input.profile } : {}),
      updatedAt: new Date(),
    };
    await this.users.update(input.botId, input.id, changes);
    return toChatUserView({ ...user, ...changes });
  }

  async delete(botId: string, id: string): Promise<Record<string, never>> {
    if (!(await this.users.delete(botId, id))) throw Errors.notFound('User', id);
    return {};
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
