import { Injectable } from '@nestjs/common';
import { ServiceRequest } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/** Forwards a validated request to the service owning it and returns the service's answer. */
@Injectable()
export class ServiceProxy {
  constructor(private readonly bus: BusClient) {}

  forward<T, TCaller, TInput>(subject: string, requestId: string, caller: TCaller, input: TInput): Promise<T> {
    return this.bus.request<T>(subject, { requestId, caller, input } satisfies ServiceRequest<TCaller, TInput>);
  }
}
