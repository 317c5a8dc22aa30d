import { INestApplication } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { LocalBroker, startService } from '@platform/messaging';
import { AdminModule } from '@platform/admin-service';
import { BotsModule } from '@platform/bots-service';
import { ChatModule } from '@platform/chat-service';
import { FilesModule } from '@platform/files-service';
import { createGateway } from '@platform/gateway-service';
import { RuntimeModule } from '@platform/runtime-service';

/**
 * The whole platform in this one process, services wired by direct calls instead of NATS:
 * the baseline that shows what the NATS hop costs.
 */
export async function startInProcess(config: PlatformConfig): Promise<{ url: string; close: () => Promise<void> }> {
  const transport = { kind: 'local' as const, broker: new LocalBroker() };
  const quiet = (name: string) => new JsonLogger(name, 'warn');
  const apps: INestApplication[] = [
    await startService(AdminModule.forRoot(config, transport), 'admin', quiet('admin'), transport),
    await startService(RuntimeModule.forRoot(config, transport), 'runtime', quiet('runtime'), transport),
    await startService(ChatModule.forRoot(config, transport), 'chat', quiet('chat'), transport),
    await startService(BotsModule.forRoot(config, transport), 'bots', quiet('bots'), transport),
    await startService(FilesModule.forRoot(config, transport), 'files', quiet('files'), transport),
  ];
  const gateway = await createGateway(config, new JsonLogger('gateway', 'warn'), transport);
  await gateway.listen(config.port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${config.port}`,
    close: async () => {
      await gateway.close();
      for (const app of apps.reverse()) await app.close();
    },
  };
}
