import { randomBytes } from 'node:crypto';
import { Client } from '@botpress/client';
import { acceptInvitation, client, E2eAccount, newAccount, newMember, Role, secondAccount } from '@platform/testing';

const ROLES: Role[] = ['viewer', 'billing', 'developer', 'manager', 'administrator', 'owner'];
/** Every kind of caller: each role, a valid token of an account that is not a member, no valid token. */
const CALLERS = [...ROLES, 'outsider', 'unknown token'] as const;
/** Operations that act in the workspace their path names. */
const WORKSPACE_IN_PATH = ['getWorkspace', 'updateWorkspace', 'deleteWorkspace', 'getAuditRecords'];
type Caller = (typeof CALLERS)[number];

interface Context {
  /** The caller, acting in the team's workspace through the admin API. */
  admin: Client;
  /** The caller, acting on the team's bot through the runtime API. */
  runtime: Client;
  caller: Caller;
  token: string;
  email?: string;
}

/**
 * One row per operation: the least role that may do it (`nobody` when no role may), and how to
 * do it once. Destructive operations make their own fresh target first, as the owner.
 */
interface Operation {
  name: string;
  minimum: Role | 'nobody';
  run: (ctx: Context) => Promise<unknown>;
}

describe('role matrix: who may do what, on the admin and the runtime APIs', () => {
  let team: E2eAccount & { workspaceId: string };
  let owner: Client;
  let ownerRuntime: Client;
  let botId: string;
  let conversationId: string;
  let userId: string;
  const accounts: Partial<Record<Caller, { token: string; email?: string }>> = {};

  beforeAll(async () => {
    team = await secondAccount();
    owner = client({ token: team.token, workspaceId: team.workspaceId });
    for (const role of ROLES.filter((r) => r !== 'owner')) accounts[role] = await newMember(team.workspaceId, role, owner);
    accounts.owner = team;
    accounts.outsider = await newAccount();
    accounts['unknown token'] = { token: `bp_pat_${randomBytes(20).toString('hex')}` };

    const { bot } = await owner.createBot({ name: 'matrix bot' });
    botId = bot.id;
    await owner.updateBot({ id: botId, integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: {} } } });
    ownerRuntime = client({ token: team.token, botId, integrationAlias: 'webchat' });
    userId = (await ownerRuntime.createUser({ tags: {} })).user.id;
    conversationId = (await ownerRuntime.createConversation({ channel: 'channel', tags: {} })).conversation.id;
    await ownerRuntime.setState({ type: 'bot', id: botId, name: 'shared', payload: { set: 'by the owner' } });
  });

  /** A fresh account with a member of the given role in the team's workspace. */
  const freshMember = (role: Role) => newMember(team.workspaceId, role, owner);

  const operations: Operation[] = [
    // Admin API: reading needs membership.
    { name: 'getWorkspace', minimum: 'viewer', run: ({ admin }) => admin.getWorkspace({ id: team.workspaceId }) },
    { name: 'listWorkspaceMembers', minimum: 'viewer', run: ({ admin }) => admin.listWorkspaceMembers({}) },
    { name: 'getWorkspaceMember', minimum: 'viewer', run: ({ admin }) => admin.getWorkspaceMember({}) },
    { name: 'getAuditRecords', minimum: 'viewer', run: ({ admin }) => admin.getAuditRecords({ id: team.workspaceId }) },
    { name: 'listBots', minimum: 'viewer', run: ({ admin }) => admin.listBots({}) },
    { name: 'getBot', minimum: 'viewer', run: ({ admin }) => admin.getBot({ id: botId }) },
    // Changing bots and their keys needs developer.
    { name: 'createBot', minimum: 'developer', run: ({ admin }) => admin.createBot({ name: 'made in the matrix' }) },
    { name: 'updateBot', minimum: 'developer', run: ({ admin }) => admin.updateBot({ id: botId, tags: { touched: 'yes' } }) },
    {
      name: 'deleteBot',
      minimum: 'developer',
      run: async ({ admin }) => admin.deleteBot({ id: (await owner.createBot({ name: 'to delete' })).bot.id }),
    },
    { name: 'createBotApiKey', minimum: 'developer', run: ({ admin }) => admin.createBotApiKey({ botId, note: 'matrix' }) },
    { name: 'listBotApiKeys', minimum: 'developer', run: ({ admin }) => admin.listBotApiKeys({ botId }) },
    {
      name: 'deleteBotApiKey',
      minimum: 'developer',
      run: async ({ admin }) => admin.deleteBotApiKey({ id: (await owner.createBotApiKey({ botId, note: 'to delete' })).id }),
    },
    // Managing members needs manager, and nobody grants or touches a role above their own.
    {
      name: 'createWorkspaceMember (viewer)',
      minimum: 'manager',
      run: async ({ admin }) => admin.createWorkspaceMember({ email: (await newAccount()).email, role: 'viewer' }),
    },
    {
      name: 'createWorkspaceMember (manager)',
      minimum: 'manager',
      run: async ({ admin }) => admin.createWorkspaceMember({ email: (await newAccount()).email, role: 'manager' }),
    },
    {
      name: 'createWorkspaceMember (administrator)',
      minimum: 'administrator',
      run: async ({ admin }) => admin.createWorkspaceMember({ email: (await newAccount()).email, role: 'administrator' }),
    },
    {
      name: 'createWorkspaceMember (owner)',
      minimum: 'nobody',
      run: async ({ admin }) => admin.createWorkspaceMember({ email: (await newAccount()).email, role: 'owner' }),
    },
    {
      name: 'updateWorkspaceMember (viewer to developer)',
      minimum: 'manager',
      run: async ({ admin }) => admin.updateWorkspaceMember({ id: (await freshMember('viewer')).memberId, role: 'developer' }),
    },
    {
      name: 'updateWorkspaceMember (viewer to administrator)',
      minimum: 'administrator',
      run: async ({ admin }) => admin.updateWorkspaceMember({ id: (await freshMember('viewer')).memberId, role: 'administrator' }),
    },
    {
      name: 'updateWorkspaceMember (administrator to viewer)',
      minimum: 'administrator',
      run: async ({ admin }) => admin.updateWorkspaceMember({ id: (await freshMember('administrator')).memberId, role: 'viewer' }),
    },
    {
      name: 'updateWorkspaceMember (the owner)',
      minimum: 'nobody',
      run: async ({ admin }) => admin.updateWorkspaceMember({ id: (await owner.getWorkspaceMember({})).id, role: 'administrator' }),
    },
    {
      name: 'deleteWorkspaceMember (a viewer)',
      minimum: 'manager',
      run: async ({ admin }) => admin.deleteWorkspaceMember({ id: (await freshMember('viewer')).memberId }),
    },
    {
      name: 'deleteWorkspaceMember (an administrator)',
      minimum: 'administrator',
      run: async ({ admin }) => admin.deleteWorkspaceMember({ id: (await freshMember('administrator')).memberId }),
    },
    // Workspace settings are the administrators'; closing the workspace is the owner's alone.
    { name: 'updateWorkspace', minimum: 'administrator', run: ({ admin }) => admin.updateWorkspace({ id: team.workspaceId, about: 'edited in the matrix' }) },
    {
      name: 'deleteWorkspace',
      minimum: 'owner',
      run: async ({ caller, token, email }) => {
        // A workspace of its own for each attempt, in which the caller has the role under test.
        const workspace = await client({ token: team.token }).createWorkspace({ name: 'to close' });
        const role = caller as Role;
        if (email && ROLES.includes(role) && role !== 'owner') {
          const invitation = await client({ token: team.token, workspaceId: workspace.id }).createWorkspaceMember({ email, role });
          await acceptInvitation(token, invitation.id);
        }
        return client({ token, workspaceId: workspace.id }).deleteWorkspace({ id: workspace.id });
      },
    },
    // Runtime API: acting on the bot's data needs developer.
    { name: 'runtime listUsers', minimum: 'developer', run: ({ runtime }) => runtime.listUsers({}) },
    { name: 'runtime createUser', minimum: 'developer', run: ({ runtime }) => runtime.createUser({ tags: {} }) },
    { name: 'runtime getUser', minimum: 'developer', run: ({ runtime }) => runtime.getUser({ id: userId }) },
    { name: 'runtime createConversation', minimum: 'developer', run: ({ runtime }) => runtime.createConversation({ channel: 'channel', tags: {} }) },
    { name: 'runtime listConversations', minimum: 'developer', run: ({ runtime }) => runtime.listConversations({}) },
    {
      name: 'runtime createMessage',
      minimum: 'developer',
      run: ({ runtime }) => runtime.createMessage({ conversationId, userId, type: 'text', payload: { text: 'from the matrix' }, tags: {} }),
    },
    { name: 'runtime getState', minimum: 'developer', run: ({ runtime }) => runtime.getState({ type: 'bot', id: botId, name: 'shared' }) },
    {
      name: 'runtime setState',
      minimum: 'developer',
      run: ({ runtime }) => runtime.setState({ type: 'bot', id: botId, name: 'shared', payload: { set: 'in the matrix' } }),
    },
    { name: 'runtime createEvent', minimum: 'developer', run: ({ runtime }) => runtime.createEvent({ type: 'matrix:custom', payload: {} }) },
    { name: 'runtime listEvents', minimum: 'developer', run: ({ runtime }) => runtime.listEvents({}) },
    { name: 'runtime configureIntegration', minimum: 'developer', run: ({ runtime }) => runtime.configureIntegration({ identifier: 'matrix' }) },
  ];

  /**
   * What the rules say: allowed, 403 for a valid token without the right, 401 without a valid
   * token; an operation on `/workspaces/{id}` answers a non-member as if the workspace did not exist.
   */
  function expected(op: Operation, caller: Caller): string {
    if (caller === 'unknown token') return '401 Unauthorized';
    if (caller === 'outsider') return WORKSPACE_IN_PATH.includes(op.name) ? '404 ResourceNotFound' : '403 Forbidden';
    return op.minimum !== 'nobody' && ROLES.indexOf(caller) >= ROLES.indexOf(op.minimum) ? 'allowed' : '403 Forbidden';
  }

  async function outcome(op: Operation, caller: Caller): Promise<string> {
    const { token, email } = accounts[caller]!;
    const ctx: Context = {
      admin: client({ token, workspaceId: team.workspaceId }),
      runtime: client({ token, botId, integrationAlias: 'webchat' }),
      caller,
      token,
      email,
    };
    try {
      await op.run(ctx);
      return 'allowed';
    } catch (error) {
      const { code, type, id } = error as { code?: number; type?: string; id?: string };
      if (typeof code !== 'number') throw error;
      // Every refusal carries the standard error body.
      if (!/^err_\d{14}[0-9A-F]{8}$/.test(id ?? '')) return `${code} ${type} without a standard error id`;
      return `${code} ${type}`;
    }
  }

  it('allows each operation to exactly the roles the rules name, and refuses everyone else', async () => {
    const want: Record<string, Record<string, string>> = {};
    const got: Record<string, Record<string, string>> = {};
    for (const op of operations) {
      want[op.name] = {};
      got[op.name] = {};
      for (const caller of CALLERS) {
        want[op.name][caller] = expected(op, caller);
        got[op.name][caller] = await outcome(op, caller);
      }
    }
    expect(got).toEqual(want);
    // The changes the allowed callers made are really there.
    expect((await owner.getBot({ id: botId })).bot.tags).toEqual({ touched: 'yes' });
    expect((await ownerRuntime.getState({ type: 'bot', id: botId, name: 'shared' })).state.payload).toEqual({ set: 'in the matrix' });
    expect((await owner.getWorkspace({ id: team.workspaceId })).about).toBe('edited in the matrix');
  }, 300000);
});
