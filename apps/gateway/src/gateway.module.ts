import { DynamicModule, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { BusConnection, MessagingModule } from '@platform/messaging';
import { BotsController } from './admin/bots.controller';
import { WorkspacesController } from './admin/workspaces.controller';
import { ChatConversationsController } from './chat/conversations.controller';
import { HelloController } from './chat/hello.controller';
import { ChatMessagesController } from './chat/messages.controller';
import { ChatUsersController } from './chat/users.controller';
import { HealthController } from './health/health.controller';
import { ServiceProxy } from './http/service-proxy';
import { IntegrationsController } from './runtime/integrations.controller';

@Module({})
export class GatewayModule implements OnApplicationBootstrap {
  constructor(private readonly bus: BusConnection) {}

  static forRoot(config: PlatformConfig, logger: JsonLogger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ConfigModule.forRoot(config), MessagingModule],
      controllers: [
        HealthController,
        IntegrationsController,
        WorkspacesController,
        BotsController,
        HelloController,
        ChatUsersController,
        ChatConversationsController,
        ChatMessagesController,
      ],
      providers: [ServiceProxy, { provide: JsonLogger, useValue: logger }],
    };
  }

  /** Connects in the background: until NATS is up, requests get a fast 503, not a hang. */
  onApplicationBootstrap(): void {
    void this.bus.get().catch(() => undefined);
  }
}
