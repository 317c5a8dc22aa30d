import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateUserBody, GetOrCreateUserBody, ListUsersQuery, RuntimeCaller, ServiceRequest, Subjects, UpdateUserBody } from '@platform/contracts';
import { BotUsersService } from './bot-users.service';

type Request<T> = ServiceRequest<RuntimeCaller, T>;

@Controller()
export class BotUsersController {
  constructor(private readonly users: BotUsersService) {}

  @MessagePattern(Subjects.runtime.createUser)
  create(@Payload() { caller, input }: Request<CreateUserBody>) {
    return this.users.create(caller, input);
  }

  @MessagePattern(Subjects.runtime.getUser)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.users.get(caller, input.id);
  }

  @MessagePattern(Subjects.runtime.listUsers)
  list(@Payload() { caller, input }: Request<ListUsersQuery>) {
    return this.users.list(caller, input);
  }

  @MessagePattern(Subjects.runtime.getOrCreateUser)
  getOrCreate(@Payload() { caller, input }: Request<GetOrCreateUserBody>) {
    return this.users.getOrCreate(caller, input);
  }

  @MessagePattern(Subjects.runtime.updateUser)
  update(@Payload() { caller, input: { id, ...changes } }: Request<UpdateUserBody & { id: string }>) {
    return this.users.update(caller, id, changes);
  }

  @MessagePattern(Subjects.runtime.deleteUser)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.users.delete(caller, input.id);
  }
}
