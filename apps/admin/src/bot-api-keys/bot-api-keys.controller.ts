import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, CreateBotApiKeyBody, ListBotApiKeysQuery, ServiceRequest, Subjects } from '@platform/contracts';
import { BotApiKeysService } from './bot-api-keys.service';

type Request<T> = ServiceRequest<AdminCaller, T>;

@Controller()
export class BotApiKeysController {
  constructor(private readonly keys: BotApiKeysService) {}

  @MessagePattern(Subjects.admin.createBotApiKey)
  create(@Payload() { caller, input }: Request<CreateBotApiKeyBody>) {
    return this.keys.create(caller, input);
  }

  @MessagePattern(Subjects.admin.listBotApiKeys)
  list(@Payload() { caller, input }: Request<ListBotApiKeysQuery>) {
    return this.keys.list(caller, input);
  }

  @MessagePattern(Subjects.admin.deleteBotApiKey)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.keys.delete(caller, input.id);
  }
}
