import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatScopedInput, ChatUserInput, Subjects } from '@platform/contracts';
import { ChatUsersService } from './chat-users.service';

/** `userId` is the user of the caller's key: these operations act on that user only. */
type Self = ChatScopedInput & Omit<ChatUserInput, 'id'>;

@Controller()
export class ChatUsersController {
  constructor(private readonly users: ChatUsersService) {}

  @MessagePattern(Subjects.runtime.chat.createUser)
  create(@Payload() input: ChatUserInput) {
    return this.users.create(input);
  }

  @MessagePattern(Subjects.runtime.chat.getOrCreateUser)
  getOrCreate(@Payload() { userId, ...input }: Self) {
    return this.users.getOrCreate({ ...input, id: userId });
  }

  @MessagePattern(Subjects.runtime.chat.updateUser)
  update(@Payload() { userId, ...input }: Self) {
    return this.users.update({ ...input, id: userId });
  }

  @MessagePattern(Subjects.runtime.chat.deleteUser)
  delete(@Payload() { botId, userId }: ChatScopedInput) {
    return this.users.delete(botId, userId);
  }

  @MessagePattern(Subjects.runtime.chat.getUser)
  get(@Payload() { botId, userId }: ChatScopedInput) {
    return this.users.get(botId, userId);
  }
}
