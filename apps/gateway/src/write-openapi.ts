import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApiDocument } from '@platform/gateway-service';

/** `npm run openapi`: rewrites the checked-in openapi/openapi.json from the declared operations. */
async function main() {
  const target = join(process.cwd(), 'openapi', 'openapi.json');
  writeFileSync(target, JSON.stringify(await generateOpenApiDocument(), null, 2) + '\n');
  process.stdout.write(`Wrote ${target}\n`);
}

void main();
