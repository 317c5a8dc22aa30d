import { randomBytes } from 'node:crypto';
import { Client as ChatClient } from '@botpress/chat';
import { AlreadyExistsError, Client, ForbiddenError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  badBodies,
  client,
  e2e,
  E2eAccount,
  expectBodiesRefused,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  newAccount,
  newMember,
  raw,
  secondAccount,
  sql,
} from '@platform/testing';

type Workspace = Awaited<ReturnType<Client['getWorkspace']>>;

/**
 * Every table of the runtime schema with a `bot_id` column, read from the schema: a deletion
 * must empty each, and the seeded bot below must have rows in each, so a new table that the
 * purge or this test forgets fails here.
 */
async function runtimeTables(): Promise<string[]> {
  const rows = await sql<{ table_name: string }>(`SELECT table_name FROM information_schema.columns WHERE table_schema = 'runtime' AND column_name = 'bot_id'`);
  return rows.map((r) => r.table_name).sort();
}

async function runtimeRows(botId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await runtimeTables()) {
    counts[table] = Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM runtime.${table} WHERE bot_id = $1`, [botId]))[0].n);
  }
  return counts;
}

/**
 * A bot with a row in every runtime table: a chat user, conversation, participant, message and
 * its event, a deleted user's tombstone, a state, analytics, a scheduled event, a workflow, a task, an action run,
 * integration settings, a log line (seeded: deliveries write log lines only when the bot's url
 * misbehaves, too late to wait for here) and the count of events the retention deleted (seeded:
 * it deletes events a month old).
 */
async function botWithData(token: string, workspaceId: string) {
  const admin = client({ token, workspaceId });
  const { bot } = await admin.createBot({ name: 'bot with data' });
  const { bot: updated } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: {} } } });
  const webhookId = updated.integrations.webchat.webhookId;
  const chat = await ChatClient.connect({ apiUrl: `${e2e.chatUrl}/${webhookId}` });
  const { conversation } = await chat.createConversation({});
  await chat.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'hello' } });
  // A user that left: its tombstone is bot data too.
  await (await ChatClient.connect({ apiUrl: `${e2e.chatUrl}/${webhookId}` })).deleteUser({});
  const runtime = client({ token, botId: bot.id, integrationAlias: 'webchat' });
  await runtime.configureIntegration({ identifier: `id-${randomBytes(3).toString('hex')}` });
  await runtime.setState({ type: 'conversation', id: conversation.id, name: 'memory', payload: { remembered: true } });
  // Analytics, a reminder for later, a workflow and a task.
  await runtime.trackAnalytics({ name: 'visits', count: 1 });
  await runtime.createEvent({ type: 'reminder', payload: {}, conversationId: conversation.id, schedule: { delay: 3600000 } });
  await runtime.createWorkflow({ name: 'onboarding', status: 'pending', conversationId: conversation.id });
  const task = await raw('POST', '/v1/chat/tasks', {
    headers: { authorization: `Bearer ${token}`, 'x-bot-id': bot.id, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'review', conversationId: conversation.id }),
  });
  expect(task.status).toBe(200);
  // An action call: refused (no integration here has actions), and kept as an action run.
  await expect(runtime.callAction({ type: 'webchat:sendReminder', input: {} })).rejects.toMatchObject({ code: 404 });
  await sql(`INSERT INTO runtime.bot_logs (bot_id, id, timestamp, level, message) VALUES ($1, $2, now(), 'info', 'seeded')`, [
    bot.id,
    `log_${randomBytes(6).toString('hex')}`,
  ]);
  await sql(`INSERT INTO runtime.event_counts (bot_id, hour, type, count) VALUES ($1, date_trunc('hour', now() - interval '40 days', 'UTC'), 'reminder', 3)`, [
    bot.id,
  ]);
  const rows = await runtimeRows(bot.id);
  // The control: every table holds something of the bot before it goes.
  expect(Object.entries(rows).filter(([, n]) => n === 0)).toEqual([]);
  return { botId: bot.id, webhookId, runtime, chat, conversationId: conversation.id };
}

/** No row left in any of the runtime's bot tables. */
const none = async () => Object.fromEntries((await runtimeTables()).map((t) => [t, 0]));

describe('workspaces (/v1/admin/workspaces)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let admin: Client;
  const headers = (workspaceId = owner.workspaceId, token = owner.token) => ({ authorization: `Bearer ${token}`, 'x-workspace-id': workspaceId });

  beforeAll(async () => {
    owner = await secondAccount();
    admin = client({ token: owner.token, workspaceId: owner.workspaceId });
  });

  describe('createWorkspace', () => {
    it('creates a workspace owned by the caller, who becomes its owner member', async () => {
      const account = await newAccount();
      const created = await client({ token: account.token }).createWorkspace({ name: 'Team space', billingVersion: 'v4' });
      expect(created).toEqual({
        id: expect.stringMatching(/^wkspace_/),
        name: 'Team space',
        ownerId: account.accountId,
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: expect.stringMatching(ISO_MS),
        botCount: 0,
        billingVersion: 'v4',
        plan: 'community',
        blocked: false,
        spendingLimit: 0,
        activeTrialId: null,
      });
      const inside = client({ token: account.token, workspaceId: created.id });
      expect((await inside.listWorkspaces({})).workspaces).toEqual([created]);
      expect(await inside.getWorkspace({ id: created.id })).toEqual(created);
      expect(await inside.getWorkspaceMember({})).toEqual(expect.objectContaining({ userId: account.accountId, role: 'owner' }));
      expect((await inside.listWorkspaceMembers({})).members.map((m) => m.userId)).toEqual([account.accountId]);
      // Nobody else sees it.
      expect((await client().listWorkspaces({})).workspaces.map((w) => w.id)).not.toContain(created.id);
    });

    it('needs no x-workspace-id, but a valid token', async () => {
      const res = await raw('POST', '/v1/admin/workspaces', {
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'by hand' }),
      });
      expect(res.status).toBe(200);
      expect(res.json.ownerId).toBe(owner.accountId);
      await expectClientError(anonymousClient().createWorkspace({ name: 'anonymous' }), UnauthorizedError, 401, 'Unauthorized');
    });

    it('refuses bad input with 4xx and the standard body, creating no workspace', async () => {
      const account = await newAccount();
      await expectBodiesRefused(
        'POST',
        '/v1/admin/workspaces',
        { authorization: `Bearer ${account.token}` },
        badBodies({ name: 'fine' }, [
          ['name missing', { name: undefined }],
          ['name as a number', { name: 9 }],
          ['name empty', { name: '' }],
          ['name over 200 characters', { name: 'w'.repeat(201) }],
          ['billingVersion not v4', { billingVersion: 'v1' }],
        ]),
      );
      expect((await client({ token: account.token }).listWorkspaces({})).workspaces).toEqual([]);
    });
  });

  describe('getWorkspace', () => {
    it('answers the workspace of the path, as listWorkspaces does', async () => {
      const [listed] = (await admin.listWorkspaces({})).workspaces.filter((w) => w.id === owner.workspaceId);
      expect(await admin.getWorkspace({ id: owner.workspaceId })).toEqual(listed);
    });

    it("takes the workspace from the path: any of the caller's workspaces, whatever x-workspace-id says or without it", async () => {
      const mine = await client({ token: owner.token }).createWorkspace({ name: 'another of mine' });
      const bare = client({ token: owner.token });
      expect(await bare.getWorkspace({ id: mine.id })).toEqual(mine);
      expect(await bare.getWorkspace({ id: owner.workspaceId })).toEqual(await admin.getWorkspace({ id: owner.workspaceId }));
      // The header names the default workspace; the path wins.
      expect(await admin.getWorkspace({ id: mine.id })).toEqual(mine);
      // A member (not the owner) reads it the same way.
      const viewer = await newMember(mine.id, 'viewer', client({ token: owner.token, workspaceId: mine.id }));
      expect(await client({ token: viewer.token }).getWorkspace({ id: mine.id })).toEqual(mine);
    });

    it('is 404 for an unknown id and for a workspace the caller is not a member of, whatever the header', async () => {
      const foreign = await secondAccount();
      for (const id of [foreign.workspaceId, `wkspace_${randomBytes(8).toString('hex')}`]) {
        await expectClientError(admin.getWorkspace({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
        await expectClientError(client({ token: owner.token }).getWorkspace({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
        await expectClientError(client({ token: owner.token, workspaceId: id }).getWorkspace({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      }
    });

    it('refuses an oversized id with 400', async () => {
      const res = await raw('GET', `/v1/admin/workspaces/${'w'.repeat(101)}`, { headers: headers() });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    });

    it('is 401 without a token or with an unknown one', async () => {
      await expectClientError(anonymousClient().getWorkspace({ id: owner.workspaceId }), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(
        client({ token: 'bp_pat_unknown_token_0000000000' }).getWorkspace({ id: owner.workspaceId }),
        UnauthorizedError,
        401,
        'Unauthorized',
      );
    });
  });

  describe('updateWorkspace', () => {
    it('stores every setting and returns it from getWorkspace and listWorkspaces', async () => {
      const handle = `h-${randomBytes(4).toString('hex')}`;
      const settings = {
        name: 'Renamed',
        spendingLimit: 250,
        about: 'What we build',
        profilePicture: 'https://cdn.example.test/w.png',
        contactEmail: 'team@example.com',
        website: 'https://example.com',
        socialAccounts: ['https://social.example/team'],
        isPublic: true,
        handle,
      };
      const before = await admin.getWorkspace({ id: owner.workspaceId });
      const updated = await admin.updateWorkspace({ id: owner.workspaceId, ...settings });
      expect(updated).toEqual({ ...before, ...settings, updatedAt: expect.stringMatching(ISO_MS) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect(await admin.getWorkspace({ id: owner.workspaceId })).toEqual(updated);
      expect((await admin.listWorkspaces({ handle })).workspaces).toEqual([updated]);
    });

    it('keeps what is not given', async () => {
      const before = await admin.updateWorkspace({ id: owner.workspaceId, about: 'kept', website: 'https://kept.example' });
      const after = await admin.updateWorkspace({ id: owner.workspaceId, name: 'Only the name' });
      expect(after).toEqual({ ...before, name: 'Only the name', updatedAt: expect.any(String) });
    });

    it('is 409 for a handle another workspace holds, changing nothing', async () => {
      const other = await secondAccount();
      const handle = `taken-${randomBytes(4).toString('hex')}`;
      await client({ token: other.token, workspaceId: other.workspaceId }).updateWorkspace({ id: other.workspaceId, handle });
      const before = await admin.getWorkspace({ id: owner.workspaceId });
      await expectClientError(admin.updateWorkspace({ id: owner.workspaceId, name: 'Should not stick', handle }), AlreadyExistsError, 409, 'AlreadyExists');
      expect(await admin.getWorkspace({ id: owner.workspaceId })).toEqual(before);
    });

    it('is 404 for another workspace in the path, changing nothing there', async () => {
      const other = await secondAccount();
      const theirs = client({ token: other.token, workspaceId: other.workspaceId });
      const before = await theirs.getWorkspace({ id: other.workspaceId });
      await expectClientError(admin.updateWorkspace({ id: other.workspaceId, name: 'hijacked' }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(
        client({ token: owner.token }).updateWorkspace({ id: other.workspaceId, name: 'hijacked' }),
        ResourceNotFoundError,
        404,
        'ResourceNotFound',
      );
      expect(await theirs.getWorkspace({ id: other.workspaceId })).toEqual(before);
    });

    it('refuses bad input with 4xx and the standard body, the workspace staying as it was', async () => {
      const before = await admin.getWorkspace({ id: owner.workspaceId });
      await expectBodiesRefused(
        'PUT',
        `/v1/admin/workspaces/${owner.workspaceId}`,
        headers(),
        badBodies({ name: 'fine' }, [
          ['name as a number', { name: 1 }],
          ['name empty', { name: '' }],
          ['name over 200 characters', { name: 'n'.repeat(201) }],
          ['spendingLimit as a string', { spendingLimit: '100' }],
          ['spendingLimit negative', { spendingLimit: -1 }],
          ['spendingLimit fractional', { spendingLimit: 1.5 }],
          ['about over 2000 characters', { about: 'a'.repeat(2001) }],
          ['contactEmail not an address', { contactEmail: 'nobody' }],
          ['socialAccounts as a string', { socialAccounts: 'https://x' }],
          ['socialAccounts over 5 entries', { socialAccounts: ['a', 'b', 'c', 'd', 'e', 'f'] }],
          ['socialAccounts with a number', { socialAccounts: [1] }],
          ['isPublic as a string', { isPublic: 'true' }],
          ['handle with capitals', { handle: 'Team' }],
          ['handle over 50 characters', { handle: 'h'.repeat(51) }],
          ['handle as null', { handle: null }],
        ]),
      );
      expect(await admin.getWorkspace({ id: owner.workspaceId })).toEqual(before);
    });
  });

  describe('deleteWorkspace', () => {
    it('removes the workspace, its members, its bots and their data in every service', async () => {
      const doomed = await client({ token: owner.token }).createWorkspace({ name: 'doomed' });
      const inside = client({ token: owner.token, workspaceId: doomed.id });
      const member = await newMember(doomed.id, 'administrator', inside);
      const bots = [await botWithData(owner.token, doomed.id), await botWithData(owner.token, doomed.id)];
      const { value: key } = await inside.createBotApiKey({ botId: bots[0].botId, note: 'doomed key' });
      expect((await client({ token: key, botId: bots[0].botId }).listUsers({})).users.length).toBeGreaterThan(0);

      await expect(inside.deleteWorkspace({ id: doomed.id })).resolves.toEqual({});

      for (const bot of bots) expect(await runtimeRows(bot.botId)).toEqual(await none());
      expect(await sql('SELECT id FROM admin.bots WHERE workspace_id = $1', [doomed.id])).toEqual([]);
      expect(await sql('SELECT * FROM admin.workspace_members WHERE workspace_id = $1', [doomed.id])).toEqual([]);
      expect(await sql('SELECT * FROM admin.bot_api_keys WHERE bot_id = $1', [bots[0].botId])).toEqual([]);
      // Nothing answers for it any more: the workspace, its webhooks, its bots' runtime, its key.
      expect((await client({ token: owner.token }).listWorkspaces({})).workspaces.map((w) => w.id)).not.toContain(doomed.id);
      await expectClientError(inside.getWorkspace({ id: doomed.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(client({ token: member.token, workspaceId: doomed.id }).listBots({}), UnauthorizedError, 401, 'Unauthorized');
      for (const bot of bots) {
        expect((await raw('GET', `/chat/${bot.webhookId}/hello`)).status).toBe(404);
        await expectClientError(bot.runtime.listUsers({}), ForbiddenError, 403, 'Forbidden');
      }
      await expectClientError(client({ token: key, botId: bots[0].botId }).listUsers({}), UnauthorizedError, 401, 'Unauthorized');
      // The accounts themselves remain.
      expect((await client({ token: member.token }).getAccount({})).account.id).toBe(member.accountId);
    });

    it('touches no other workspace', async () => {
      const kept = await botWithData(owner.token, owner.workspaceId);
      const doomed = await client({ token: owner.token }).createWorkspace({ name: 'doomed too' });
      await client({ token: owner.token, workspaceId: doomed.id }).deleteWorkspace({ id: doomed.id });
      expect(Object.values(await runtimeRows(kept.botId)).every((n) => n > 0)).toBe(true);
      expect((await admin.getBot({ id: kept.botId })).bot.id).toBe(kept.botId);
      expect((await raw('GET', `/chat/${kept.webhookId}/hello`)).status).toBe(200);
    });

    it("is the owner's alone: an administrator is refused with 403 and the workspace stays", async () => {
      const workspace = await client({ token: owner.token }).createWorkspace({ name: 'guarded' });
      const administrator = await newMember(workspace.id, 'administrator', client({ token: owner.token, workspaceId: workspace.id }));
      await expectClientError(
        client({ token: administrator.token, workspaceId: workspace.id }).deleteWorkspace({ id: workspace.id }),
        ForbiddenError,
        403,
        'Forbidden',
      );
      expect((await client({ token: owner.token, workspaceId: workspace.id }).getWorkspace({ id: workspace.id })).id).toBe(workspace.id);
    });

    it('is 404 for another workspace in the path, which stays', async () => {
      const other = await secondAccount();
      await expectClientError(admin.deleteWorkspace({ id: other.workspaceId }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(
        client({ token: owner.token, workspaceId: other.workspaceId }).deleteWorkspace({ id: other.workspaceId }),
        ResourceNotFoundError,
        404,
        'ResourceNotFound',
      );
      expect((await client({ token: other.token, workspaceId: other.workspaceId }).getWorkspace({ id: other.workspaceId })).id).toBe(other.workspaceId);
    });

    it('refuses an oversized id with 400', async () => {
      const res = await raw('DELETE', `/v1/admin/workspaces/${'w'.repeat(101)}`, { headers: headers() });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      const still: Workspace = await admin.getWorkspace({ id: owner.workspaceId });
      expect(still.id).toBe(owner.workspaceId);
    });
  });

  describe('deleteBot', () => {
    it("removes the bot's data in the runtime too, and its webhook and keys stop working", async () => {
      const bot = await botWithData(owner.token, owner.workspaceId);
      const { value: key } = await admin.createBotApiKey({ botId: bot.botId, note: 'goes with the bot' });
      await expect(admin.deleteBot({ id: bot.botId })).resolves.toEqual({});
      expect(await runtimeRows(bot.botId)).toEqual(await none());
      expect((await raw('GET', `/chat/${bot.webhookId}/hello`)).status).toBe(404);
      await expectClientError(bot.runtime.listUsers({}), ForbiddenError, 403, 'Forbidden');
      await expectClientError(client({ token: key, botId: bot.botId }).listUsers({}), UnauthorizedError, 401, 'Unauthorized');
      await expect(bot.chat.getConversation({ id: bot.conversationId })).rejects.toMatchObject({ code: 404 });
    });
  });
});
