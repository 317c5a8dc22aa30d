import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BotLogsQuery, Subjects } from '@platform/contracts';
import { BotLogsService } from './bot-logs.service';

@Controller()
export class BotLogsController {
  constructor(private readonly logs: BotLogsService) {}

  /** Asked by the admin service once it has checked the caller may read the bot. */
  @MessagePattern(Subjects.runtime.botLogs)
  list(@Payload() input: BotLogsQuery & { botId: string }) {
    return this.logs.list(input);
  }
}
