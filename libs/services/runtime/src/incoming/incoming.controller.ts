import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { IncomingService } from './incoming.service';

@Controller()
export class IncomingController {
  constructor(private readonly incoming: IncomingService) {}

  @Handles(Runtime.initializeIncomingMessage)
  initialize({ access, input }: OperationRequest<typeof Runtime.initializeIncomingMessage, BotAccess>) {
    return this.incoming.initialize(access, input);
  }
}
