import { randomBytes } from 'node:crypto';
import { InvalidPayloadError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  client,
  defaultWorkspaceId,
  e2e,
  expectClientError,
  expectErrorBody,
  FORGED_PAGE_TOKENS,
  ISO_MS,
  raw,
  secondAccount,
  sleep,
  sql,
  walkPages,
} from '@platform/testing';

type Workspace = Awaited<ReturnType<ReturnType<typeof client>['listWorkspaces']>>['workspaces'][number];

/** Every field of a workspace as the API returns it, for an account-owned workspace. */
function workspaceShape(overrides: Partial<Record<keyof Workspace, unknown>> = {}) {
  return {
    id: expect.any(String),
    name: expect.any(String),
    ownerId: expect.any(String),
    createdAt: expect.stringMatching(ISO_MS),
    updatedAt: expect.stringMatching(ISO_MS),
    botCount: expect.any(Number),
    billingVersion: 'v4',
    plan: 'community',
    blocked: false,
    spendingLimit: 0,
    activeTrialId: null,
    ...overrides,
  };
}

/**
 * Two workspaces created in the same millisecond, which no API call can arrange, are seeded in
 * the admin schema the way the admin service itself writes them: only the id can order them.
 */
async function seedWorkspace(ownerId: string, props: { name: string; createdAt: Date }): Promise<string> {
  const id = `wkspace_e2e${randomBytes(8).toString('hex')}`;
  await sql(`INSERT INTO admin.workspaces (id, name, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`, [
    id,
    props.name,
    ownerId,
    props.createdAt,
  ]);
  await sql(`INSERT INTO admin.workspace_members (workspace_id, account_id, role, created_at) VALUES ($1, $2, 'owner', $3)`, [id, ownerId, props.createdAt]);
  return id;
}

describe('listWorkspaces (GET /v1/admin/workspaces)', () => {
  describe('the bootstrap account', () => {
    it('lists the bootstrap workspace with every field', async () => {
      const { workspaces, meta } = await client().listWorkspaces({});
      expect(workspaces).toHaveLength(1);
      expect(workspaces[0]).toEqual(workspaceShape({ name: 'Default workspace' }));
      expect(workspaces[0].id).not.toBe('');
      expect(workspaces[0].ownerId).not.toBe('');
      expect(Date.parse(workspaces[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(workspaces[0].createdAt));
      expect(workspaces[0].botCount).toBeGreaterThanOrEqual(0);
      expect(meta).toEqual({});
    });

    it('needs no x-workspace-id header', async () => {
      const res = await raw('GET', '/v1/admin/workspaces', { headers: { authorization: `Bearer ${e2e.token}` } });
      expect(res.status).toBe(200);
      expect(res.json.workspaces.map((w: Workspace) => w.id)).toEqual([await defaultWorkspaceId()]);
      expect(res.json.meta).toEqual({});
    });

    it('gives the same answer when an x-workspace-id header is sent anyway', async () => {
      const id = await defaultWorkspaceId();
      const { workspaces } = await client({ workspaceId: id }).listWorkspaces({});
      expect(workspaces.map((w) => w.id)).toEqual([id]);
    });

    it('answers a page of one with no nextToken when there is nothing more', async () => {
      const { workspaces, meta } = await client().listWorkspaces({ pageSize: 1 });
      expect(workspaces).toHaveLength(1);
      expect(meta.nextToken).toBeUndefined();
    });
  });

  describe('a second account', () => {
    let other: { token: string; workspaceId: string };
    let bootstrapWorkspace: Workspace;

    beforeAll(async () => {
      other = await secondAccount();
      [bootstrapWorkspace] = (await client().listWorkspaces({})).workspaces;
    });

    it('sees only its own workspace, and the bootstrap account never sees it', async () => {
      const { workspaces } = await client({ token: other.token }).listWorkspaces({});
      expect(workspaces).toEqual([workspaceShape({ id: other.workspaceId, botCount: 0 })]);
      expect(workspaces[0].id).not.toBe(bootstrapWorkspace.id);
      expect(workspaces[0].ownerId).not.toBe(bootstrapWorkspace.ownerId);

      const mine = await client().listWorkspaces({});
      expect(mine.workspaces.map((w) => w.id)).toEqual([bootstrapWorkspace.id]);
    });

    it('counts the bots of each workspace in botCount', async () => {
      const admin = client({ token: other.token, workspaceId: other.workspaceId });
      const count = async () => (await admin.listWorkspaces({})).workspaces.find((w) => w.id === other.workspaceId)!.botCount;
      expect(await count()).toBe(0);
      const { bot: first } = await admin.createBot({ name: 'counted 1' });
      await admin.createBot({ name: 'counted 2' });
      expect(await count()).toBe(2);
      await admin.deleteBot({ id: first.id });
      expect(await count()).toBe(1);
    });
  });

  describe('pagination', () => {
    let token: string;
    let ordered: string[];
    let handled: string;

    beforeAll(async () => {
      const account = await secondAccount();
      token = account.token;
      const [own] = (await client({ token }).listWorkspaces({})).workspaces;
      const a = await client({ token }).createWorkspace({ name: 'created a' });
      // Two workspaces created in the same millisecond, after a and before d: the id breaks the tie.
      const tiedAt = new Date(Date.parse(a.createdAt) + 1);
      const tied = await Promise.all([
        seedWorkspace(own.ownerId, { name: 'seeded b', createdAt: tiedAt }),
        seedWorkspace(own.ownerId, { name: 'seeded c', createdAt: tiedAt }),
      ]);
      await sleep(5);
      handled = `team-${randomBytes(4).toString('hex')}`;
      const d = await client({ token }).createWorkspace({ name: 'created d' });
      await client({ token, workspaceId: d.id }).updateWorkspace({ id: d.id, handle: handled });
      ordered = [own.id, a.id, ...tied.sort(), d.id];
    });

    it('lists every workspace of the account, oldest first', async () => {
      const { workspaces, meta } = await client({ token }).listWorkspaces({});
      expect(workspaces.map((w) => w.id)).toEqual(ordered);
      expect(meta.nextToken).toBeUndefined();
    });

    it('walks pages of pageSize with nextToken, with no duplicate and no gap', async () => {
      const admin = client({ token });
      const { pages } = await walkPages(
        (nextToken) => admin.listWorkspaces({ pageSize: 2, nextToken }),
        (page) => page.workspaces.map((w) => w.id),
        { maxPages: 3 },
      );
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual(ordered);
    });

    it('ends with no nextToken when the last page is exactly full', async () => {
      const admin = client({ token });
      const first = await admin.listWorkspaces({ pageSize: 3 });
      expect(first.workspaces).toHaveLength(3);
      expect(first.meta.nextToken).toEqual(expect.any(String));
      const second = await admin.listWorkspaces({ pageSize: 3, nextToken: first.meta.nextToken });
      expect(second.workspaces.map((w) => w.id)).toEqual(ordered.slice(3));
      const all = await admin.listWorkspaces({ pageSize: 5 });
      expect(all.workspaces).toHaveLength(5);
      expect(all.meta.nextToken).toBeUndefined();
    });

    it("follows the client's own list iterator to the end", async () => {
      const all = await client({ token }).list.workspaces({}).collect();
      expect(all.map((w) => w.id)).toEqual(ordered);
    });

    it('filters by handle', async () => {
      const { workspaces } = await client({ token }).listWorkspaces({ handle: handled });
      expect(workspaces).toEqual([workspaceShape({ id: ordered[4], name: 'created d', handle: handled, botCount: 0 })]);
      const none = await client({ token }).listWorkspaces({ handle: 'no-such-handle' });
      expect(none.workspaces).toEqual([]);
    });

    it('rejects a nextToken it did not issue with 400', async () => {
      for (const nextToken of FORGED_PAGE_TOKENS) {
        await expectClientError(client({ token }).listWorkspaces({ nextToken }), InvalidPayloadError, 400, 'InvalidPayload');
      }
    });

    it('rejects a pageSize outside 1..100 with 400', async () => {
      for (const pageSize of [0, 101, -1, 1.5]) {
        await expectClientError(client({ token }).listWorkspaces({ pageSize }), InvalidPayloadError, 400, 'InvalidPayload');
      }
      const res = await raw('GET', '/v1/admin/workspaces?pageSize=many', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect((await client({ token }).listWorkspaces({ pageSize: 100 })).workspaces).toHaveLength(5);
    });
  });

  describe('authentication', () => {
    it('is 401 without a token', async () => {
      await expectClientError(anonymousClient().listWorkspaces({}), UnauthorizedError, 401, 'Unauthorized');
      const res = await raw('GET', '/v1/admin/workspaces');
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
    });

    it('is 401 with an unknown token', async () => {
      await expectClientError(client({ token: `bp_pat_${randomBytes(16).toString('hex')}` }).listWorkspaces({}), UnauthorizedError, 401, 'Unauthorized');
    });

    it('is 401 with a credential that is not a bearer token', async () => {
      for (const authorization of [`Basic ${Buffer.from(`x:${e2e.token}`).toString('base64')}`, e2e.token, 'Bearer', 'Bearer  ']) {
        const res = await raw('GET', '/v1/admin/workspaces', { headers: { authorization } });
        expect(res.status).toBe(401);
        expectErrorBody(res.json, 401, 'Unauthorized');
      }
    });

    it("echoes the caller's x-request-id on an error", async () => {
      const res = await raw('GET', '/v1/admin/workspaces', { headers: { 'x-request-id': 'e2e-workspaces-401' } });
      expect(res.status).toBe(401);
      expect(res.headers['x-request-id']).toBe('e2e-workspaces-401');
    });
  });
});
