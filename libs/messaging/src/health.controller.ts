import { Controller, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects } from '@platform/contracts';

/** The answer to the gateway's health probe for one service. */
export function healthController(service: string): Type<unknown> {
  @Controller()
  class HealthController {
    @MessagePattern(Subjects.health(service))
    health() {
      return { status: 'ok', service };
    }
  }
  return HealthController;
}
