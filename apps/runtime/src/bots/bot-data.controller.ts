import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects } from '@platform/contracts';
import { BotDataService } from './bot-data.service';

/** Asked by the admin service only, which owns bots; never routed from the gateway. */
@Controller()
export class BotDataController {
  constructor(private readonly data: BotDataService) {}

  @MessagePattern(Subjects.runtime.purgeBot)
  purge(@Payload() { botId }: { botId: string }) {
    return this.data.purge(botId);
  }
}
