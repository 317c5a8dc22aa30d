import { Controller } from '@nestjs/common';
import { Errors, InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotRunner } from './bot-runner';

const MAX_HEADERS = 32;
const MAX_HEADER_CHARS = 64 * 1024;

@Controller()
export class RunnerController {
  constructor(private readonly runner: BotRunner) {}

  /** Asked by the runtime's delivery: the answer is the handler's status, as a url would answer. */
  @Handles(Internal.runBot)
  run({ input }: OperationRequest<typeof Internal.runBot>) {
    const entries = Object.entries(input.headers);
    if (entries.length > MAX_HEADERS || entries.some(([name, value]) => typeof value !== 'string' || name.length + value.length > MAX_HEADER_CHARS)) {
      throw Errors.invalidPayload('headers must be at most 32 strings');
    }
    return this.runner.run(input.botId, { headers: input.headers, body: input.body }, input.timeoutMs, input.revision);
  }

  @Handles(Internal.stopBot)
  stop({ input }: OperationRequest<typeof Internal.stopBot>) {
    return this.runner.stop(input.botId);
  }
}
