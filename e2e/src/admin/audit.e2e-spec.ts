import { randomBytes } from 'node:crypto';
import { AlreadyExistsError, Client, ForbiddenError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  client,
  E2eAccount,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  newAccount,
  newMember,
  raw,
  secondAccount,
  sql,
  walkPages,
} from '@platform/testing';

type AuditRecord = Awaited<ReturnType<Client['getAuditRecords']>>['records'][number] & { operation: string };

describe('getAuditRecords (GET /v1/admin/workspaces/{id}/audit-records)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let admin: Client;
  /**
   * Every record of the workspace, page after page (the client has no iterator for them), with
   * the operation that made each: kept in the database, not part of the cloud's answer.
   */
  const records = async (as: Client = admin, id = owner.workspaceId): Promise<AuditRecord[]> => {
    const answered = (
      await walkPages(
        (nextToken) => as.getAuditRecords({ id, nextToken, pageSize: 100 }),
        (page) => page.records,
      )
    ).pages.flat();
    for (const record of answered) expect(record).not.toHaveProperty('operation');
    const rows = await sql<{ id: string; operation: string }>('SELECT id, operation FROM admin.audit_records WHERE id = ANY($1)', [answered.map((r) => r.id)]);
    const operations = new Map(rows.map((r) => [r.id, r.operation]));
    return answered.map((r) => ({ ...r, operation: operations.get(r.id)! }));
  };

  beforeAll(async () => {
    owner = await secondAccount();
    admin = client({ token: owner.token, workspaceId: owner.workspaceId });
  });

  it('records every change made in the workspace, who made it, when and to what, newest first', async () => {
    const manager = await newMember(owner.workspaceId, 'manager', admin);
    const asManager = client({ token: manager.token, workspaceId: owner.workspaceId });
    const earlier = new Set((await records()).map((r) => r.id));

    const { bot } = await admin.createBot({ name: 'audited' });
    await admin.updateBot({ id: bot.id, name: 'audited again' });
    await admin.updateBot({ id: bot.id, code: 'export default {}' });
    const key = await admin.createBotApiKey({ botId: bot.id, note: 'ci' });
    await admin.deleteBotApiKey({ id: key.id });
    const account = await newAccount();
    const added = await asManager.createWorkspaceMember({ email: account.email, role: 'viewer' });
    await asManager.updateWorkspaceMember({ id: added.id, role: 'developer' });
    await asManager.deleteWorkspaceMember({ id: added.id });
    await admin.updateWorkspace({ id: owner.workspaceId, name: 'Audited workspace' });
    await admin.updateWorkspace({ id: owner.workspaceId, spendingLimit: 40 });
    // A member's doings outside the workspace (its own tokens, other workspaces) are not its changes.
    const { pat } = await client({ token: owner.token }).createPersonalAccessToken({ note: 'secret note' });
    await client({ token: owner.token }).deletePersonalAccessToken({ id: pat.id });
    await client({ token: manager.token }).createPersonalAccessToken({ note: 'elsewhere' });
    await client({ token: manager.token }).createWorkspace({ name: 'elsewhere' });
    await admin.deleteBot({ id: bot.id });

    const all = await records();
    const recent = all.filter((r) => !earlier.has(r.id));
    const byOwner = { userId: owner.accountId, userEmail: owner.email };
    const byManager = { userId: manager.accountId, userEmail: manager.email };
    expect(
      recent.map((r) => ({
        action: r.action,
        operation: r.operation,
        userId: r.userId,
        userEmail: r.userEmail,
        resourceId: r.resourceId,
        resourceName: r.resourceName,
        value: r.value,
      })),
    ).toEqual(
      [
        { action: 'CREATE_BOT', operation: 'createBot', ...byOwner, resourceId: bot.id, resourceName: 'audited', value: null },
        { action: 'UPDATE_BOT', operation: 'updateBot', ...byOwner, resourceId: bot.id, resourceName: 'audited again', value: null },
        { action: 'DEPLOY_BOT', operation: 'updateBot', ...byOwner, resourceId: bot.id, resourceName: 'audited again', value: null },
        { action: 'UNKNOWN', operation: 'createBotApiKey', ...byOwner, resourceId: key.id, resourceName: 'audited again', value: null },
        { action: 'UNKNOWN', operation: 'deleteBotApiKey', ...byOwner, resourceId: key.id, resourceName: 'audited again', value: null },
        {
          action: 'ADD_WORKSPACE_MEMBER',
          operation: 'createWorkspaceMember',
          ...byManager,
          resourceId: added.id,
          resourceName: account.email,
          value: 'viewer',
        },
        {
          action: 'UPDATE_WORKSPACE_MEMBER',
          operation: 'updateWorkspaceMember',
          ...byManager,
          resourceId: added.id,
          resourceName: account.email,
          value: 'developer',
        },
        {
          action: 'REMOVE_WORKSPACE_MEMBER',
          operation: 'deleteWorkspaceMember',
          ...byManager,
          resourceId: added.id,
          resourceName: account.email,
          value: 'developer',
        },
        {
          action: 'UPDATE_WORKSPACE',
          operation: 'updateWorkspace',
          ...byOwner,
          resourceId: owner.workspaceId,
          resourceName: 'Audited workspace',
          value: '{"name":"Audited workspace"}',
        },
        {
          action: 'SET_SPENDING_LIMIT',
          operation: 'updateWorkspace',
          ...byOwner,
          resourceId: owner.workspaceId,
          resourceName: 'Audited workspace',
          value: '40',
        },
        { action: 'DELETE_BOT', operation: 'deleteBot', ...byOwner, resourceId: bot.id, resourceName: 'audited again', value: null },
      ].reverse(),
    );
    for (const record of recent) {
      expect(record).toEqual(expect.objectContaining({ id: expect.stringMatching(/^audit_/), recordedAt: expect.stringMatching(ISO_MS) }));
    }
    const times = all.map((r) => Date.parse(r.recordedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The first change of the workspace is its creation.
    expect(all[all.length - 1]).toEqual(
      expect.objectContaining({ action: 'CREATE_WORKSPACE', operation: 'createWorkspace', resourceId: owner.workspaceId, userId: owner.accountId }),
    );
    // Secrets never reach the log: not a token, not a key, not a token's note.
    const text = JSON.stringify(await sql('SELECT * FROM admin.audit_records WHERE workspace_id = $1', [owner.workspaceId]));
    expect(text).not.toContain(pat.value);
    expect(text).not.toContain(key.value);
    expect(text).not.toContain('secret note');
  });

  it('records nothing for reads, refusals and failed changes', async () => {
    const { bot } = await admin.createBot({ name: 'read only' });
    const viewer = await newMember(owner.workspaceId, 'viewer', admin);
    const asViewer = client({ token: viewer.token, workspaceId: owner.workspaceId });
    const before = await records();

    await admin.getBot({ id: bot.id });
    await admin.listBots({});
    await admin.listWorkspaceMembers({});
    await admin.getWorkspace({ id: owner.workspaceId });
    await expectClientError(asViewer.createBot({ name: 'refused' }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(asViewer.deleteBot({ id: bot.id }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(admin.createWorkspaceMember({ email: owner.email, role: 'viewer' }), AlreadyExistsError, 409, 'AlreadyExists');
    await expectClientError(admin.deleteBot({ id: 'c0ffee00-0000-4000-8000-000000000000' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    expect(await records()).toEqual(before);
  });

  it('walks pages with nextToken, with no duplicate and no gap', async () => {
    const all = await records();
    expect(all.length).toBeGreaterThan(5);
    const { pages } = await walkPages(
      (nextToken) => admin.getAuditRecords({ id: owner.workspaceId, pageSize: 4, nextToken }),
      (page) => page.records.map((r) => r.id),
    );
    expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
    expect(pages.flat()).toEqual(all.map((r) => r.id));
  });

  it('shows each workspace only its own records', async () => {
    const other = await secondAccount();
    const theirs = client({ token: other.token, workspaceId: other.workspaceId });
    const { bot } = await theirs.createBot({ name: 'their bot' });
    expect((await records(theirs, other.workspaceId)).map((r) => r.resourceId)).toContain(bot.id);
    expect((await records()).map((r) => r.resourceId)).not.toContain(bot.id);
    expect((await records()).map((r) => r.resourceId)).not.toContain(other.workspaceId);
  });

  it('reads the workspace of the path, with or without x-workspace-id; 404 for one the caller is not a member of, 401 without a token', async () => {
    const other = await secondAccount();
    const unknown = `wkspace_${randomBytes(8).toString('hex')}`;
    const bare = client({ token: owner.token });
    expect((await bare.getAuditRecords({ id: owner.workspaceId })).records.length).toBeGreaterThan(0);
    const own = await bare.createWorkspace({ name: 'audited elsewhere' });
    expect((await admin.getAuditRecords({ id: own.id })).records.map((r) => r.action)).toEqual(['CREATE_WORKSPACE']);
    for (const id of [other.workspaceId, unknown]) {
      await expectClientError(admin.getAuditRecords({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(bare.getAuditRecords({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
    await expectClientError(
      client({ token: other.token, workspaceId: owner.workspaceId }).getAuditRecords({ id: owner.workspaceId }),
      ResourceNotFoundError,
      404,
      'ResourceNotFound',
    );
    await expectClientError(anonymousClient().getAuditRecords({ id: owner.workspaceId }), UnauthorizedError, 401, 'Unauthorized');
  });

  it('keeps the record of who closed a workspace after it is gone', async () => {
    const doomed = await client({ token: owner.token }).createWorkspace({ name: 'closed' });
    await client({ token: owner.token, workspaceId: doomed.id }).deleteWorkspace({ id: doomed.id });
    const rows = await sql<{ action: string; account_id: string }>(
      'SELECT action, account_id FROM admin.audit_records WHERE workspace_id = $1 ORDER BY recorded_at',
      [doomed.id],
    );
    expect(rows).toEqual([
      { action: 'CREATE_WORKSPACE', account_id: owner.accountId },
      { action: 'CLOSE_WORKSPACE', account_id: owner.accountId },
    ]);
  });

  it('refuses bad paging and unknown query parameters with 400', async () => {
    const headers = { authorization: `Bearer ${owner.token}`, 'x-workspace-id': owner.workspaceId };
    const forged = Buffer.from(JSON.stringify({ s: 'yesterday', i: 'x' })).toString('base64url');
    for (const query of ['pageSize=0', 'pageSize=101', 'pageSize=many', `nextToken=${forged}`, 'nextToken=garbage', 'action=CREATE_BOT']) {
      const res = await raw('GET', `/v1/admin/workspaces/${owner.workspaceId}/audit-records?${query}`, { headers });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    const long = await raw('GET', `/v1/admin/workspaces/${'w'.repeat(101)}/audit-records`, { headers });
    expect(long.status).toBe(400);
    expectErrorBody(long.json, 400, 'InvalidPayload');
  });
});
