import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2e, raw } from '@platform/testing';
import { launchBrowser, screenshotPath } from '../support/browser';

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

  it('shows the operations in Chromium, and its filter box narrows them to one family', async () => {
    const browser = await launchBrowser({ width: 1200, height: 900 });
    try {
      const page = await browser.context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
      await page.goto(`${e2e.url}/docs`);
      await page.locator('.opblock-tag', { hasText: 'chat · conversations' }).first().waitFor({ timeout: 20000 });
      await page.locator('input.operation-filter-input').fill('tables');
      await page.locator('.opblock-tag', { hasText: 'chat · conversations' }).first().waitFor({ state: 'detached', timeout: 10000 });
      const tags = await page.locator('.opblock-tag').allInnerTexts();
      expect(tags.length).toBeGreaterThan(0);
      expect(tags.every((tag) => tag.startsWith('tables'))).toBe(true);
      await page.screenshot({ path: screenshotPath('swagger-ui-filtered') });
      // Its scripts and styles load under the security headers (a blocked one is a console error).
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
