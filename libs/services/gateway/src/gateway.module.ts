import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { ALL_OPERATIONS } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { BLOB_STORE_PROVIDER, BusTransport, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { FileContentController } from './files/file-content.controller';
import { HealthController } from './health/health.controller';
import { operationControllers } from './routes/operation-routes';
import { RateLimits } from './http/rate-limits';
import { RequestBodyReader } from './http/request-body';
import { StreamRelay } from './streams/stream-relay';
import { WebchatPageController } from './webchat/webchat-page.controller';
import { WidgetAssets } from './webchat/widget-assets';

@Module({})
export class GatewayModule {
  static forRoot(config: PlatformConfig, logger: JsonLogger, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ConfigModule.forRoot(config), MessagingModule.forRoot(transport)],
      controllers: [HealthController, WebchatPageController, FileContentController, ...operationControllers(ALL_OPERATIONS)],
      providers: [StreamRelay, RequestBodyReader, RateLimits, WidgetAssets, { provide: JsonLogger, useValue: logger }, BLOB_STORE_PROVIDER],
    };
  }
}
