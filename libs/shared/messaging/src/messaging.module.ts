import { DynamicModule, Global, Module } from '@nestjs/common';
import { ErrorTranslations } from './bus-exception.filter';
import { BusClient, NatsBusClient } from './bus-client';
import { BusConnection } from './bus-connection';
import { LocalBroker, LocalBusClient } from './local-broker';
import { PayloadCodec } from './payload-codec';

/** NATS in every deployment; an in-process broker only to measure the NATS hop. */
export type BusTransport = { kind: 'nats' } | { kind: 'local'; broker: LocalBroker };

export const NATS_TRANSPORT: BusTransport = { kind: 'nats' };

@Global()
@Module({})
export class MessagingModule {
  static forRoot(transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    if (transport.kind === 'local') {
      return {
        module: MessagingModule,
        // NATS stays connected for JetStream (durable event delivery); only requests are local.
        providers: [
          BusConnection,
          PayloadCodec,
          ErrorTranslations,
          { provide: LocalBroker, useValue: transport.broker },
          { provide: BusClient, useClass: LocalBusClient },
        ],
        exports: [BusConnection, PayloadCodec, ErrorTranslations, BusClient, LocalBroker],
      };
    }
    return {
      module: MessagingModule,
      providers: [BusConnection, PayloadCodec, ErrorTranslations, { provide: BusClient, useClass: NatsBusClient }],
      exports: [BusConnection, PayloadCodec, ErrorTranslations, BusClient],
    };
  }
}
