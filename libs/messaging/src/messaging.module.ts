import { Global, Module } from '@nestjs/common';
import { BusClient } from './bus-client';
import { BusConnection } from './bus-connection';
import { PayloadCodec } from './payload-codec';

@Global()
@Module({
  providers: [BusConnection, PayloadCodec, BusClient],
  exports: [BusConnection, PayloadCodec, BusClient],
})
export class MessagingModule {}
