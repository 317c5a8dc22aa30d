import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApiDocument } from '@platform/gateway-service';

const CHECKED_IN = join(__dirname, '..', '..', '..', 'openapi', 'openapi.json');

describe('the OpenAPI document', () => {
  it('is exactly the checked-in openapi/openapi.json (run `npm run openapi` after changing an operation)', async () => {
    const generated = JSON.parse(JSON.stringify(await generateOpenApiDocument()));
    expect(generated).toEqual(JSON.parse(readFileSync(CHECKED_IN, 'utf8')));
  });

  it('states runtime API version 1.82.0 and tags every operation documented or experimental, once', async () => {
    const document = await generateOpenApiDocument();
    expect(document.info.version).toBe('1.82.0');
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path)) as Array<{ operationId: string; tags: string[] }>;
    for (const operation of operations) expect(operation.tags.filter((t) => t === 'documented' || t === 'experimental')).toHaveLength(1);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      (document.components!.schemas!.ConfigureIntegrationBody as { properties: Record<string, Record<string, unknown>> }).properties.sandboxIdentifiers[
        'x-experimental'
      ],
    ).toBe(true);
  });
});
