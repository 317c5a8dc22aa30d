import { DynamicModule, INestApplication } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { ServiceName } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { BusTransport, LocalBroker, startService } from '@platform/messaging';
import { AdminModule } from '@platform/admin-service';
import { BotsModule } from '@platform/bots-service';
import { ChatModule } from '@platform/chat-service';
import { FilesModule } from '@platform/files-service';
import { createGateway } from '@platform/gateway-service';
import { RuntimeModule } from '@platform/runtime-service';
import { TablesServiceModule } from '@platform/tables-service';

/** Every service's root module, by name: the mesh runs each in its own process, this file all in one. */
const SERVICE_MODULES: Record<ServiceName, (config: PlatformConfig, transport: BusTransport) => DynamicModule> = {
  admin: (config, transport) => AdminModule.forRoot(config, transport),
  runtime: (config, transport) => RuntimeModule.forRoot(config, transport),
  chat: (config, transport) => ChatModule.forRoot(config, transport),
  bots: (config, transport) => BotsModule.forRoot(config, transport),
  tables: (config, transport) => TablesServiceModule.forRoot(config, transport),
  files: (config, transport) => FilesModule.forRoot(config, transport),
};

export interface OneProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * The whole platform in this one process: the same services and code paths as the mesh, wired by
 * an in-process broker instead of NATS. The admin service starts first, as it creates the owner
 * account the others may need.
 */
export async function startOneProcess(config: PlatformConfig, logger: (name: string) => JsonLogger, host?: string): Promise<OneProcess> {
  const transport = { kind: 'local' as const, broker: new LocalBroker() };
  const apps: INestApplication[] = [];
  const close = async () => {
    for (const app of apps.reverse()) await app.close();
  };
  try {
    for (const [name, moduleFor] of Object.entries(SERVICE_MODULES)) {
      apps.push(await startService(moduleFor(config, transport), name, logger(name), transport));
    }
    const gateway = await createGateway(config, logger('gateway'), transport);
    apps.push(gateway);
    await gateway.listen(config.port, host ?? '0.0.0.0');
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { url: `http://127.0.0.1:${config.port}`, close };
}
