import { randomBytes } from 'node:crypto';
import { Client, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, client, E2eAccount, expectClientError, expectErrorBody, newAccount, newMember, raw, secondAccount } from '@platform/testing';

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('workspace usages and quotas (/v1/admin/workspaces/{id}/usages, …/quota, …/quotas)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let admin: Client;

  beforeAll(async () => {
    owner = await secondAccount();
    admin = client({ token: owner.token, workspaceId: owner.workspaceId });
  });

  it('counts the bots and the members of the workspace as they are now, with their quotas', async () => {
    const usage = async (type: 'bot_count' | 'workspace_member_count') => (await admin.listWorkspaceUsages({ id: owner.workspaceId, type })).usages;
    expect(await usage('bot_count')).toEqual([{ id: owner.workspaceId, period: thisMonth(), value: 0, quota: 1000, type: 'bot_count' }]);
    expect(await usage('workspace_member_count')).toEqual([
      { id: owner.workspaceId, period: thisMonth(), value: 1, quota: 1000, type: 'workspace_member_count' },
    ]);
    const { bot } = await admin.createBot({ name: 'counted' });
    await admin.createBot({ name: 'counted too' });
    await newMember(owner.workspaceId, 'viewer', admin);
    // An invitation not yet accepted is not a member.
    await admin.createWorkspaceMember({ email: `waiting-${randomBytes(4).toString('hex')}@example.com`, role: 'viewer' });
    expect((await usage('bot_count'))[0].value).toBe(2);
    expect((await usage('workspace_member_count'))[0].value).toBe(2);
    await admin.deleteBot({ id: bot.id });
    expect((await usage('bot_count'))[0].value).toBe(1);
    // A type the platform does not measure has no usage.
    expect((await admin.listWorkspaceUsages({ id: owner.workspaceId, type: 'ai_spend' })).usages).toEqual([]);
    // The period asked is echoed.
    expect((await admin.listWorkspaceUsages({ id: owner.workspaceId, type: 'bot_count', period: '2026-01' })).usages[0].period).toBe('2026-01');
  });

  it('reports the quotas set by WORKSPACE_BOT_QUOTA and WORKSPACE_MEMBER_QUOTA, and none of other types (404)', async () => {
    expect(await admin.listWorkspaceQuotas({ id: owner.workspaceId })).toEqual({
      quotas: [
        { period: thisMonth(), value: 1000, type: 'bot_count' },
        { period: thisMonth(), value: 1000, type: 'workspace_member_count' },
      ],
    });
    expect(await admin.getWorkspaceQuota({ id: owner.workspaceId, type: 'bot_count' })).toEqual({
      quota: { period: thisMonth(), value: 1000, type: 'bot_count' },
    });
    await expectClientError(admin.getWorkspaceQuota({ id: owner.workspaceId, type: 'invocation_calls' }), ResourceNotFoundError, 404, 'ResourceNotFound');
  });

  it("answers the most used quota of each of the caller's workspaces", async () => {
    const account = await secondAccount();
    const own = client({ token: account.token, workspaceId: account.workspaceId });
    const other = await client({ token: account.token }).createWorkspace({ name: 'second' });
    await own.createBot({ name: 'one' });
    await own.createBot({ name: 'two' });
    expect(await client({ token: account.token }).getAllWorkspaceQuotaCompletion({})).toEqual({
      [account.workspaceId]: { type: 'bot_count', completion: 2 / 1000 },
      [other.id]: { type: 'workspace_member_count', completion: 1 / 1000 },
    });
    await expectClientError(anonymousClient().getAllWorkspaceQuotaCompletion({}), UnauthorizedError, 401, 'Unauthorized');
  });

  it('refuses an unknown type and a malformed period with 400', async () => {
    const headers = { authorization: `Bearer ${owner.token}` };
    for (const query of ['type=bots', '', 'type=bot_count&period=2026-13', 'type=bot_count&period=yesterday', 'type=bot_count&unknown=1']) {
      const res = await raw('GET', `/v1/admin/workspaces/${owner.workspaceId}/usages?${query}`, { headers });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    const res = await raw('GET', `/v1/admin/workspaces/${owner.workspaceId}/quotas?period=26-01`, { headers });
    expect(res.status).toBe(400);
  });

  it('reads the workspace of the path: 404 for one the caller is not a member of, 401 without a token', async () => {
    const stranger = client({ token: (await newAccount()).token });
    await expectClientError(stranger.listWorkspaceQuotas({ id: owner.workspaceId }), ResourceNotFoundError, 404, 'ResourceNotFound');
    await expectClientError(stranger.listWorkspaceUsages({ id: owner.workspaceId, type: 'bot_count' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    await expectClientError(stranger.getWorkspaceQuota({ id: owner.workspaceId, type: 'bot_count' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    // Without x-workspace-id, for a member.
    expect((await client({ token: owner.token }).listWorkspaceQuotas({ id: owner.workspaceId })).quotas).toHaveLength(2);
    await expectClientError(anonymousClient().listWorkspaceQuotas({ id: owner.workspaceId }), UnauthorizedError, 401, 'Unauthorized');
  });
});
