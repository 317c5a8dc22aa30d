import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { createGateway } from '@platform/gateway-service';
import { JsonLogger } from '@platform/logging';

/*
 * The platform's gateway alone, for the hops case of `npm run bench`: it forwards to whatever
 * answers on its NATS prefix (there, a stand-in service). Prints `ready` once it listens.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createGateway(config, new JsonLogger('gateway', config.logLevel));
  await app.listen(config.port, '127.0.0.1');
  process.stdout.write('ready\n');
}

void main();
