import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { raw } from '@platform/testing';

const CHECKED_IN = join(__dirname, '..', '..', '..', 'openapi', 'openapi.json');

describe('OpenAPI document', () => {
  it('served at /openapi.json is exactly the checked-in openapi/openapi.json (run `npm run openapi` after changing the API)', async () => {
    const res = await raw('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(JSON.parse(readFileSync(CHECKED_IN, 'utf8')));
  });

  it('states runtime API version 1.82.0 and tags every operation documented or experimental', async () => {
    const doc = (await raw('GET', '/openapi.json')).json;
    expect(doc.info.version).toBe('1.82.0');
    const operations = Object.values(doc.paths).flatMap((path: any) => Object.values(path)) as any[];
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) {
      expect(op.operationId).toEqual(expect.any(String));
      expect(op.tags.filter((t: string) => t === 'documented' || t === 'experimental')).toHaveLength(1);
    }
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.components.schemas.ConfigureIntegrationBody.properties.sandboxIdentifiers['x-experimental']).toBe(true);
  });

  it('serves Swagger UI at /docs', async () => {
    const res = await raw('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger-ui/i);
  });
});
