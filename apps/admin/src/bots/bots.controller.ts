import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, BotLogsQuery, CreateBotBody, ListBotsQuery, ServiceRequest, Subjects, UpdateBotBody } from '@platform/contracts';
import { BotsService } from './bots.service';

type Request<T> = ServiceRequest<AdminCaller, T>;

@Controller()
export class BotsController {
  constructor(private readonly bots: BotsService) {}

  @MessagePattern(Subjects.admin.createBot)
  create(@Payload() { caller, input }: Request<CreateBotBody>) {
    return this.bots.create(caller, input);
  }

  @MessagePattern(Subjects.admin.getBot)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.bots.get(caller, input.id);
  }

  @MessagePattern(Subjects.admin.listBots)
  list(@Payload() { caller, input }: Request<ListBotsQuery>) {
    return this.bots.list(caller, input);
  }

  @MessagePattern(Subjects.admin.updateBot)
  update(@Payload() { caller, input }: Request<UpdateBotBody & { id: string }>) {
    return this.bots.update(caller, input);
  }

  @MessagePattern(Subjects.admin.getBotLogs)
  logs(@Payload() { caller, input }: Request<BotLogsQuery & { id: string }>) {
    const { id, ...query } = input;
    return this.bots.logs(caller, id, query);
  }

  @MessagePattern(Subjects.admin.deleteBot)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.bots.delete(caller, input.id);
  }
}
