import { createChatBot, describeOnMesh, e2e, raw } from '@platform/testing';
import { startGateway } from '../support/extra-gateway';

const SITE = 'https://shop.example.com';

/** A browser's preflight for `method path` with these request headers. */
const preflight = (path: string, method: string, headers: string, origin = SITE, base = e2e.url) =>
  fetch(`${base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } });

describe('CORS at the gateway', () => {
  let webhookId: string;

  beforeAll(async () => {
    ({ webhookId } = await createChatBot());
  });

  it('answers the preflights of the chat and web chat clients from any origin by default', async () => {
    for (const [path, method, headers] of [
      [`/chat/${webhookId}/messages`, 'POST', 'content-type,x-user-key'],
      [`/chat/${webhookId}/conversations/c/listen`, 'GET', 'x-user-key'],
      [`/webchat/${webhookId}/initialize`, 'GET', 'x-user-key,timeout,cache-control,last-event-id'],
      [`/webchat/${webhookId}/messages/m`, 'PUT', 'content-type,x-user-key'],
      [`/webchat/${webhookId}/users/me`, 'DELETE', 'x-user-key'],
    ]) {
      const res = await preflight(path, method, headers);
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(String(res.headers.get('access-control-allow-methods')).split(',')).toContain(method);
      expect(String(res.headers.get('access-control-allow-headers')).split(',')).toEqual(headers.split(','));
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('lets pages of other origins read the answers, errors included', async () => {
    const ok = await raw('GET', `/chat/${webhookId}/hello`, { headers: { origin: SITE } });
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.headers['access-control-expose-headers']).toBe('x-request-id');
    const refused = await raw('GET', `/webchat/${webhookId}/users/me`, { headers: { origin: SITE } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers no CORS for the runtime and admin APIs unless configured', async () => {
    for (const path of ['/v1/admin/workspaces', '/v1/chat/messages']) {
      const res = await preflight(path, 'GET', 'authorization');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const get = await raw('GET', path, { headers: { origin: SITE } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  describeOnMesh('with CORS_ORIGINS and API_CORS_ORIGINS set', () => {
    let gateway: Awaited<ReturnType<typeof startGateway>>;

    beforeAll(async () => {
      gateway = await startGateway({ CORS_ORIGINS: `${SITE},http://localhost:8080`, API_CORS_ORIGINS: 'https://dashboard.example.com' });
    });

    afterAll(() => gateway.stop());

    it('allows only the listed origins, each API its own list', async () => {
      const listed = await preflight(`/webchat/${webhookId}/initialize`, 'GET', 'x-user-key', SITE, gateway.url);
      expect(listed.status).toBe(204);
      expect(listed.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(listed.headers.get('vary')).toMatch(/origin/i);
      const other = await preflight(`/webchat/${webhookId}/initialize`, 'GET', 'x-user-key', 'https://evil.example.com', gateway.url);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const dashboard = await preflight('/v1/admin/workspaces', 'GET', 'authorization,x-workspace-id', 'https://dashboard.example.com', gateway.url);
      expect(dashboard.status).toBe(204);
      expect(dashboard.headers.get('access-control-allow-origin')).toBe('https://dashboard.example.com');
      const siteOnAdmin = await preflight('/v1/admin/workspaces', 'GET', 'authorization', SITE, gateway.url);
      expect(siteOnAdmin.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
