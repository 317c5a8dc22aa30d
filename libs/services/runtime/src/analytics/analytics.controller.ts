import { Controller } from '@nestjs/common';
import { Errors, InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { AnalyticsRepository } from './analytics.repository';

/** trackAnalytics for bots; the bot's activity for the admin service's getBotAnalytics. */
@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsRepository) {}

  @Handles(Runtime.trackAnalytics)
  async track({ access, input }: OperationRequest<typeof Runtime.trackAnalytics, BotAccess>) {
    await this.analytics.add(access.botId, input.name, input.count);
    return {};
  }

  @Handles(Internal.botActivity)
  async activity({ input }: OperationRequest<typeof Internal.botActivity>) {
    const start = new Date(input.startDate);
    const end = new Date(input.endDate);
    if (start.getTime() > end.getTime()) throw Errors.invalidPayload('startDate must not be after endDate');
    return { days: await this.analytics.activity(input.botId, start, end) };
  }
}
