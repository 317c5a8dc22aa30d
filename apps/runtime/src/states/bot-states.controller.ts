import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetOrSetStateBody,
  PatchStateBody,
  RuntimeCaller,
  ServiceRequest,
  SetStateBody,
  SetStateExpiryBody,
  StateParams,
  Subjects,
} from '@platform/contracts';
import { BotStatesService } from './bot-states.service';

type Request<T> = ServiceRequest<RuntimeCaller, StateParams & T>;

@Controller()
export class BotStatesController {
  constructor(private readonly states: BotStatesService) {}

  @MessagePattern(Subjects.runtime.getState)
  get(@Payload() { caller, input }: Request<object>) {
    return this.states.get(caller, input);
  }

  @MessagePattern(Subjects.runtime.setState)
  set(@Payload() { caller, input }: Request<SetStateBody>) {
    return this.states.set(caller, input);
  }

  @MessagePattern(Subjects.runtime.getOrSetState)
  getOrSet(@Payload() { caller, input }: Request<GetOrSetStateBody>) {
    return this.states.getOrSet(caller, input);
  }

  @MessagePattern(Subjects.runtime.patchState)
  patch(@Payload() { caller, input }: Request<PatchStateBody>) {
    return this.states.patch(caller, input);
  }

  @MessagePattern(Subjects.runtime.setStateExpiry)
  setExpiry(@Payload() { caller, input }: Request<SetStateExpiryBody>) {
    return this.states.setExpiry(caller, input);
  }
}
