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

  it('states runtime API version 1.82.0, groups every operation under its family and resource, and gives its stability', async () => {
    const document = await generateOpenApiDocument();
    expect(document.info.version).toBe('1.82.0');
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path)) as Array<Record<string, any>>;
    for (const operation of operations) {
      expect(operation.tags).toEqual([expect.stringMatching(/^(runtime|admin|chat|webchat|tables|files) · [a-z-]+$/)]);
      expect(['documented', 'experimental', 'unavailable']).toContain(operation['x-stability']);
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      (document.components!.schemas!.ConfigureIntegrationBody as { properties: Record<string, Record<string, unknown>> }).properties.sandboxIdentifiers[
        'x-experimental'
      ],
    ).toBe(true);
  });

  it('documents the error answers of every operation with the standard error body', async () => {
    const document = await generateOpenApiDocument();
    expect(document.components!.schemas!.Error).toMatchObject({ required: ['id', 'code', 'type', 'message'] });
    for (const operation of Object.values(document.paths).flatMap((path) => Object.values(path)) as Array<Record<string, any>>) {
      // An operation the platform does not provide has one answer: 405 MethodNotFound.
      if (operation['x-stability'] === 'unavailable') {
        expect(Object.keys(operation.responses)).toEqual(['405']);
        expect(operation.responses['405'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
        continue;
      }
      for (const status of ['400', '401', '403', '404', '429', '503']) {
        expect(operation.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  it('describes tokens as opaque bearer tokens, and tags filters so that "Try it out" sends none by default', async () => {
    const document = await generateOpenApiDocument();
    expect(document.components!.securitySchemes!.bearer).toEqual({ type: 'http', scheme: 'bearer', description: expect.any(String) });
    const tagFilters = Object.values(document.paths)
      .flatMap((path) => Object.values(path) as Array<{ parameters?: Array<Record<string, any>> }>)
      .flatMap((operation) => (operation.parameters ?? []).filter((p) => p.in === 'query' && p.name === 'tags'));
    expect(tagFilters.length).toBeGreaterThanOrEqual(4);
    for (const filter of tagFilters) expect(filter).toMatchObject({ style: 'deepObject', explode: true, schema: { example: {} } });
  });
});
