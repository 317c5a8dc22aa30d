import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatUserInput, Subjects } from '@platform/contracts';
import { ChatUsersService } from './chat-users.service';

@Controller()
export class ChatUsersController {
  constructor(private readonly users: ChatUsersService) {}

  @MessagePattern(Subjects.runtime.chat.createUser)
  create(@Payload() input: ChatUserInput) {
    return this.users.create(input);
  }

  @MessagePattern(Subjects.runtime.chat.getOrCreateUser)
  getOrCreate(@Payload() input: ChatUserInput & { id: string }) {
    return this.users.getOrCreate(input);
  }

  @MessagePattern(Subjects.runtime.chat.getUser)
  get(@Payload() { botId, id }: { botId: string; id: string }) {
    return this.users.get(botId, id);
  }
}
