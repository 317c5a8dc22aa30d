import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { createGateway } from '../gateway.factory';
import { buildOpenApiDocument } from './openapi';

/** Writes the generated OpenAPI document to openapi/openapi.json (run by `npm run openapi`). */
async function main() {
  const app = await createGateway(loadConfig({}), new JsonLogger('openapi', 'warn'));
  const target = join(process.cwd(), 'openapi', 'openapi.json');
  writeFileSync(target, JSON.stringify(buildOpenApiDocument(app), null, 2) + '\n');
  await app.close();
  process.stdout.write(`Wrote ${target}\n`);
}

void main();
