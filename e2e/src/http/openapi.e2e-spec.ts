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

  it('accepts a tags filter as Swagger UI sends it (tags[key]=value), and none at all', async () => {
    const { token } = { token: process.env.E2E_TOKEN! };
    const workspaces = (await raw('GET', '/v1/admin/workspaces', { headers: { authorization: `Bearer ${token}` } })).json.workspaces;
    const headers = { authorization: `Bearer ${token}`, 'x-workspace-id': workspaces[0].id };
    const tagged = await raw('GET', '/v1/admin/bots?tags%5Bteam%5D=nobody-has-this', { headers });
    expect(tagged.status).toBe(200);
    expect(tagged.json.bots).toEqual([]);
    expect((await raw('GET', '/v1/admin/bots', { headers })).status).toBe(200);
  });

  it('serves Swagger UI at /docs, with a filter box over the operations', async () => {
    const res = await raw('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger-ui/i);
    const init = await raw('GET', '/docs/swagger-ui-init.js');
    expect(init.text).toMatch(/"filter":\s*true/);
  });
});
