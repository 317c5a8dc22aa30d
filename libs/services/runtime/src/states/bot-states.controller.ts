import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotStatesService } from './bot-states.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotStatesController {
  constructor(private readonly states: BotStatesService) {}

  @Handles(Runtime.getState)
  get({ access, input }: Request<typeof Runtime.getState>) {
    return this.states.get(access, input);
  }

  @Handles(Runtime.setState)
  set({ access, input }: Request<typeof Runtime.setState>) {
    return this.states.set(access, input);
  }

  @Handles(Runtime.getOrSetState)
  getOrSet({ access, input }: Request<typeof Runtime.getOrSetState>) {
    return this.states.getOrSet(access, input);
  }

  @Handles(Runtime.patchState)
  patch({ access, input }: Request<typeof Runtime.patchState>) {
    return this.states.patch(access, input);
  }

  @Handles(Runtime.setStateExpiry)
  setExpiry({ access, input }: Request<typeof Runtime.setStateExpiry>) {
    return this.states.setExpiry(access, input);
  }
}
