import { randomBytes } from 'node:crypto';
import { RateLimitedError } from '@botpress/client';
import { client, defaultWorkspaceId, e2e, expectClientError, expectErrorBody, raw, sleep } from '@platform/testing';
import { startGateway } from '../support/extra-gateway';

/** Two gateway replicas of their own with low limits, behind one (pretended) reverse proxy. */
const LIMITS = { RATE_LIMIT_PER_CLIENT: '40', RATE_LIMIT_PER_CREDENTIAL: '20', RATE_LIMIT_AUTH_FAILURES: '5', TRUST_PROXY_HOPS: '1' };
/** Longer than the half second after which replicas have told each other what they counted. */
const SHARED_AFTER_MS = 1200;

describe('rate limits (docs/contracts.md, "Rate limits")', () => {
  const gateways: Array<{ url: string; stop(): Promise<void> }> = [];
  let workspaceId: string;

  beforeAll(async () => {
    workspaceId = await defaultWorkspaceId();
    gateways.push(await startGateway(LIMITS), await startGateway(LIMITS));
  });

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
  });

  /** A request through one of the two replicas, from a client address of the test's choosing. */
  const via = (replica: number, client: string, path: string, headers: Record<string, string> = {}) =>
    raw('GET', `${gateways[replica].url}${path}`, { headers: { 'x-forwarded-for': client, ...headers } });
  // Each address used once in the run (the limits count per address).
  let addresses = 0;
  const newClientAddress = () => `203.0.${113 + Math.floor(addresses / 250)}.${addresses++ % 250}`;
  const asOwner = { authorization: `Bearer ${e2e.token}` };

  it('limits requests per credential across replicas, with 429 RateLimited and Retry-After', async () => {
    const token = (await newToken()).token;
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 10; i++) expect((await via(0, newClientAddress(), '/v1/admin/account/me', headers)).status).toBe(200);
    await sleep(SHARED_AFTER_MS);
    for (let i = 0; i < 10; i++) expect((await via(1, newClientAddress(), '/v1/admin/account/me', headers)).status).toBe(200);
    // Replica b has counted a's ten: the credential's twenty are spent, whichever replica is asked.
    const refused = await via(1, newClientAddress(), '/v1/admin/account/me', headers);
    expect(refused.status).toBe(429);
    expectErrorBody(refused.json, 429, 'RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another credential is not held back by it.
    expect((await via(1, newClientAddress(), '/v1/admin/account/me', asOwner)).status).toBe(200);
  });

  it('is a RateLimitedError in the official client', async () => {
    const token = (await newToken()).token;
    const official = client({ apiUrl: gateways[0].url, token, workspaceId });
    for (let i = 0; i < 20; i++) await official.getAccount({});
    await expectClientError(official.getAccount({}), RateLimitedError, 429, 'RateLimited');
  });

  it('limits requests per client address, whatever the route, known or not', async () => {
    const address = newClientAddress();
    for (let i = 0; i < 20; i++) expect((await via(i % 2, address, '/no/such/route')).status).toBe(404);
    await sleep(SHARED_AFTER_MS);
    for (let i = 0; i < 20; i++) expect((await via(0, address, '/health')).status).toBe(200);
    const refused = await via(0, address, '/health');
    expect(refused.status).toBe(429);
    expectErrorBody(refused.json, 429, 'RateLimited');
    // Another address is served.
    expect((await via(0, newClientAddress(), '/health')).status).toBe(200);
  });

  it('holds back an address that had too many credentials refused, even with a good one', async () => {
    const address = newClientAddress();
    for (let i = 0; i < 5; i++) {
      expect((await via(i % 2, address, '/v1/admin/account/me', { authorization: `Bearer bp_pat_guess_${i}` })).status).toBe(401);
    }
    await sleep(SHARED_AFTER_MS);
    for (const replica of [0, 1]) {
      const refused = await via(replica, address, '/v1/admin/account/me', asOwner);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(/refused credentials/);
    }
    expect((await via(0, newClientAddress(), '/v1/admin/account/me', asOwner)).status).toBe(200);
  });
});

async function newToken(): Promise<{ token: string }> {
  const res = await raw('POST', '/v1/admin/accounts', {
    headers: { authorization: `Bearer ${e2e.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `limits-${randomBytes(5).toString('hex')}@example.com` }),
  });
  return { token: res.json.token };
}
