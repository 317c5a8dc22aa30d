import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ConfigModule, loadConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { MessagingModule, startService } from '@platform/messaging';

/*
 * A service as the platform runs one (its NATS transport, Nest, the request context), whose one
 * handler answers at once: what a service's edge costs per request, for the hops case of
 * `npm run bench`. Prints `ready` once it serves.
 */
@Controller()
class EchoController {
  @MessagePattern('hops.echo')
  echo(envelope: { body?: unknown }): unknown {
    return envelope.body ?? null;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  @Module({ imports: [ConfigModule.forRoot(config), MessagingModule.forRoot()], controllers: [EchoController] })
  class HopsModule {}
  await startService(HopsModule, 'hops', new JsonLogger('hops', config.logLevel));
  process.stdout.write('ready\n');
}

void main();
