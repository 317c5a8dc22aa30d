import { randomBytes, randomUUID } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { Client } from '@botpress/client';
import * as jsonwebtoken from 'jsonwebtoken';
import { client, e2e, E2eAccount, expectErrorBody, newMember, raw, RawResponse, secondAccount } from '@platform/testing';

/** One foreign chat user id taken in both tenants (as long as the API's runtime ids, 28 to 36 characters). */
const SAME_FOREIGN_ID = 'alice-the-same-in-both-tenants';

/** One tenant: an account owning a workspace with a chat bot, a key, a member and some bot data. */
interface Tenant extends E2eAccount {
  workspaceId: string;
  admin: Client;
  runtime: Client;
  botId: string;
  botName: string;
  webhookId: string;
  chatApiUrl: string;
  encryptionKey: string;
  keyId: string;
  keyValue: string;
  memberId: string;
  patId: string;
  userId: string;
  conversationId: string;
  messageId: string;
  chatUser: AuthenticatedClient;
}

async function tenant(): Promise<Tenant> {
  const account = await secondAccount();
  const admin = client({ token: account.token, workspaceId: account.workspaceId });
  const encryptionKey = `key-${randomBytes(12).toString('hex')}`;
  const botName = `bot of ${account.email}`;
  const { bot } = await admin.createBot({ name: botName });
  const { bot: installed } = await admin.updateBot({
    id: bot.id,
    integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: { encryptionKey } } },
  });
  const webhookId = installed.integrations.webchat.webhookId;
  const runtime = client({ token: account.token, botId: bot.id, integrationAlias: 'webchat' });
  const { user } = await runtime.createUser({ tags: {} });
  const { conversation } = await runtime.createConversation({ channel: 'channel', tags: {} });
  const { message } = await runtime.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'private' }, tags: {} });
  const key = await admin.createBotApiKey({ botId: bot.id, note: 'tenant key' });
  const member = await newMember(account.workspaceId, 'developer', admin);
  const [pat] = (await client({ token: account.token }).listPersonalAccessTokens({})).pats;
  const chatApiUrl = `${e2e.chatUrl}/${webhookId}`;
  const chatUser = await ChatClient.connect({ apiUrl: chatApiUrl, encryptionKey, userId: SAME_FOREIGN_ID });
  return {
    ...account,
    admin,
    runtime,
    botId: bot.id,
    botName,
    webhookId,
    chatApiUrl,
    encryptionKey,
    keyId: key.id,
    keyValue: key.value,
    memberId: member.memberId,
    patId: pat.id,
    userId: user.id,
    conversationId: conversation.id,
    messageId: message.id,
    chatUser,
  };
}

interface Refusal {
  code: number;
  type: string;
  message: string;
}

/** How a call failed, with the id it was given masked, so two refusals can be compared. */
async function refusal(call: Promise<unknown>, id: string): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    const { code, type, message } = error as Refusal;
    if (typeof code !== 'number') throw error;
    return { code, type, message: message.split(id).join('<id>') };
  }
  throw new Error(`the call with '${id}' succeeded`);
}

function rawRefusal(res: RawResponse, id: string): Refusal {
  expectErrorBody(res.json, res.status, res.json?.type);
  return { code: res.status, type: res.json.type, message: String(res.json.message).split(id).join('<id>') };
}

/** Another tenant's id must be answered exactly as an id that exists nowhere. */
async function expectAnsweredAsUnknown(name: string, call: (id: string) => Promise<unknown>, foreignId: string, unknownId: string, code: number) {
  const foreign = await refusal(call(foreignId), foreignId);
  const unknown = await refusal(call(unknownId), unknownId);
  expect({ name, ...foreign }).toEqual({ name, ...unknown });
  expect({ name, code: foreign.code }).toEqual({ name, code });
}

const unknownId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

describe('tenant isolation', () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(), tenant()]);
  });

  /** B's resources, as B sees them, to prove A's attempts changed nothing. */
  async function snapshotOfB() {
    return {
      bot: (await b.admin.getBot({ id: b.botId })).bot,
      workspace: await b.admin.getWorkspace({ id: b.workspaceId }),
      members: (await b.admin.listWorkspaceMembers({})).members,
      keys: (await b.admin.listBotApiKeys({ botId: b.botId })).baks,
      pats: (await client({ token: b.token }).listPersonalAccessTokens({})).pats,
      user: (await b.runtime.getUser({ id: b.userId })).user,
      conversation: (await b.runtime.getConversation({ id: b.conversationId })).conversation,
      message: (await b.runtime.getMessage({ id: b.messageId })).message,
    };
  }

  describe("admin API: another tenant's ids answer exactly as unknown ids", () => {
    it("for bots, keys, members, workspaces and tokens, and B's data stays as it was", async () => {
      const before = await snapshotOfB();
      const bot = randomUUID();
      await expectAnsweredAsUnknown('getBot', (id) => a.admin.getBot({ id }), b.botId, bot, 404);
      await expectAnsweredAsUnknown('updateBot', (id) => a.admin.updateBot({ id, name: 'hijacked' }), b.botId, bot, 404);
      await expectAnsweredAsUnknown('deleteBot', (id) => a.admin.deleteBot({ id }), b.botId, bot, 404);
      await expectAnsweredAsUnknown('createBotApiKey', (id) => a.admin.createBotApiKey({ botId: id, note: 'stolen' }), b.botId, bot, 404);
      await expectAnsweredAsUnknown('listBotApiKeys', (id) => a.admin.listBotApiKeys({ botId: id }), b.botId, bot, 404);
      await expectAnsweredAsUnknown('deleteBotApiKey', (id) => a.admin.deleteBotApiKey({ id }), b.keyId, unknownId('bak'), 404);
      await expectAnsweredAsUnknown(
        'updateWorkspaceMember',
        (id) => a.admin.updateWorkspaceMember({ id, role: 'viewer' }),
        b.memberId,
        unknownId('member'),
        404,
      );
      await expectAnsweredAsUnknown('deleteWorkspaceMember', (id) => a.admin.deleteWorkspaceMember({ id }), b.memberId, unknownId('member'), 404);
      const workspace = unknownId('wkspace');
      await expectAnsweredAsUnknown('getWorkspace', (id) => a.admin.getWorkspace({ id }), b.workspaceId, workspace, 404);
      await expectAnsweredAsUnknown('updateWorkspace', (id) => a.admin.updateWorkspace({ id, name: 'hijacked' }), b.workspaceId, workspace, 404);
      await expectAnsweredAsUnknown('deleteWorkspace', (id) => a.admin.deleteWorkspace({ id }), b.workspaceId, workspace, 404);
      await expectAnsweredAsUnknown('getAuditRecords', (id) => a.admin.getAuditRecords({ id }), b.workspaceId, workspace, 404);
      await expectAnsweredAsUnknown(
        'deletePersonalAccessToken',
        (id) => client({ token: a.token }).deletePersonalAccessToken({ id }),
        b.patId,
        unknownId('pat'),
        404,
      );
      expect(await snapshotOfB()).toEqual(before);
      expect((await client({ token: b.keyValue, botId: b.botId }).listUsers({})).users.map((u) => u.id)).toContain(b.userId);
    });

    it("acting in another tenant's workspace is refused (403, or 404 for /workspaces/{id}), changing nothing", async () => {
      const before = await snapshotOfB();
      const intruder = client({ token: a.token, workspaceId: b.workspaceId });
      for (const call of [
        () => intruder.listBots({}),
        () => intruder.getBot({ id: b.botId }),
        () => intruder.deleteBot({ id: b.botId }),
        () => intruder.listWorkspaceMembers({}),
        () => intruder.createWorkspaceMember({ email: a.email, role: 'owner' }),
        () => intruder.createWorkspaceMember({ email: a.email, role: 'viewer' }),
        () => intruder.deleteBotApiKey({ id: b.keyId }),
      ]) {
        expect(await refusal(call(), b.workspaceId)).toEqual(expect.objectContaining({ code: 403, type: 'Forbidden' }));
      }
      // Operations on /workspaces/{id} answer a workspace the caller is not a member of as an unknown one.
      for (const call of [
        () => intruder.getWorkspace({ id: b.workspaceId }),
        () => intruder.updateWorkspace({ id: b.workspaceId, name: 'taken over' }),
        () => intruder.getAuditRecords({ id: b.workspaceId }),
        () => intruder.deleteWorkspace({ id: b.workspaceId }),
      ]) {
        expect(await refusal(call(), b.workspaceId)).toEqual(expect.objectContaining({ code: 404, type: 'ResourceNotFound' }));
      }
      expect(await snapshotOfB()).toEqual(before);
    });

    it("scopes every list to the caller's tenant", async () => {
      expect((await a.admin.listWorkspaces({})).workspaces.map((w) => w.id)).toEqual([a.workspaceId]);
      expect((await a.admin.listBots({})).bots.map((bot) => bot.id)).toEqual([a.botId]);
      expect((await a.admin.listWorkspaceMembers({})).members.map((m) => m.id)).not.toContain(b.memberId);
      expect((await a.admin.listWorkspaceMembers({})).members.map((m) => m.userId)).not.toContain(b.accountId);
      expect((await a.admin.listBotApiKeys({ botId: a.botId })).baks.map((k) => k.id)).not.toContain(b.keyId);
      const audited = (await a.admin.getAuditRecords({ id: a.workspaceId, pageSize: 100 })).records.map((r) => r.resourceId);
      expect(audited).toContain(a.botId);
      expect(audited).not.toContain(b.botId);
      expect((await client({ token: a.token }).listPersonalAccessTokens({})).pats.map((p) => p.id)).not.toContain(b.patId);
    });
  });

  describe('runtime API', () => {
    it("answers another tenant's bot exactly as an unknown bot (403), for member tokens and bot keys alike", async () => {
      const bot = randomUUID();
      await expectAnsweredAsUnknown('member token', (id) => client({ token: a.token, botId: id }).listUsers({}), b.botId, bot, 403);
      await expectAnsweredAsUnknown('member token, write', (id) => client({ token: a.token, botId: id }).createUser({ tags: {} }), b.botId, bot, 403);
      await expectAnsweredAsUnknown('bot key', (id) => client({ token: a.keyValue, botId: id }).listUsers({}), b.botId, bot, 403);
      // A key of B's bot opens nothing of A's.
      expect(await refusal(client({ token: b.keyValue, botId: a.botId }).listConversations({}), a.botId)).toEqual(
        expect.objectContaining({ code: 403, type: 'Forbidden' }),
      );
    });

    it("answers another bot's users, conversations and messages exactly as unknown ids (404)", async () => {
      await expectAnsweredAsUnknown('getUser', (id) => a.runtime.getUser({ id }), b.userId, unknownId('user'), 404);
      await expectAnsweredAsUnknown('getConversation', (id) => a.runtime.getConversation({ id }), b.conversationId, unknownId('conv'), 404);
      await expectAnsweredAsUnknown('getMessage', (id) => a.runtime.getMessage({ id }), b.messageId, unknownId('msg'), 404);
      await expectAnsweredAsUnknown('deleteUser', (id) => a.runtime.deleteUser({ id }), b.userId, unknownId('user'), 404);
      expect((await b.runtime.getUser({ id: b.userId })).user.id).toBe(b.userId);
    });

    it('scopes runtime lists to the bot', async () => {
      expect((await a.runtime.listUsers({})).users.map((u) => u.id)).not.toContain(b.userId);
      expect((await a.runtime.listConversations({})).conversations.map((c) => c.id)).toEqual([a.conversationId]);
      expect((await a.runtime.listMessages({ conversationId: a.conversationId })).messages.map((m) => m.id)).toEqual([a.messageId]);
    });
  });

  describe('chat API across webhooks', () => {
    const path = (t: Tenant, rest: string) => `/chat/${t.webhookId}${rest}`;
    const asUser = (key: string) => ({ 'x-user-key': key });

    it("refuses a user key of another webhook (401), including one signed with that webhook's encryption key", async () => {
      const res = await raw('GET', path(b, '/users/me'), { headers: asUser(a.chatUser.user.key) });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
      const forged = jsonwebtoken.sign({ id: b.chatUser.user.id }, a.encryptionKey, { algorithm: 'HS256' });
      const again = await raw('GET', path(b, '/users/me'), { headers: asUser(forged) });
      expect(again.status).toBe(401);
      expectErrorBody(again.json, 401, 'Unauthorized');
    });

    it('keeps the same foreign user id apart on two webhooks', async () => {
      expect(a.chatUser.user.id).toBe(SAME_FOREIGN_ID);
      expect(b.chatUser.user.id).toBe(SAME_FOREIGN_ID);
      await a.chatUser.updateUser({ name: 'Alice of A' });
      expect((await b.chatUser.getUser({})).user.name).not.toBe('Alice of A');
    });

    it("answers another webhook's conversations, messages and participants exactly as unknown ids", async () => {
      const { conversation } = await a.chatUser.createConversation({});
      const { message } = await a.chatUser.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'for A only' } });
      const key = b.chatUser.user.key;
      const compare = async (name: string, route: (id: string) => string, foreignId: string, unknown: string, method = 'GET') => {
        const foreign = rawRefusal(await raw(method, route(foreignId), { headers: asUser(key) }), foreignId);
        const none = rawRefusal(await raw(method, route(unknown), { headers: asUser(key) }), unknown);
        expect({ name, ...foreign }).toEqual({ name, ...none });
        expect({ name, code: foreign.code }).toEqual({ name, code: 404 });
      };
      await compare('getConversation', (id) => path(b, `/conversations/${id}`), conversation.id, unknownId('conv'));
      await compare('listMessages', (id) => path(b, `/conversations/${id}/messages`), conversation.id, unknownId('conv'));
      await compare('listParticipants', (id) => path(b, `/conversations/${id}/participants`), conversation.id, unknownId('conv'));
      await compare('getMessage', (id) => path(b, `/messages/${id}`), message.id, unknownId('msg'));
      await compare('deleteMessage', (id) => path(b, `/messages/${id}`), message.id, unknownId('msg'), 'DELETE');
      await compare('deleteConversation', (id) => path(b, `/conversations/${id}`), conversation.id, unknownId('conv'), 'DELETE');
      expect((await b.chatUser.listConversations({})).conversations.map((c) => c.id)).not.toContain(conversation.id);
      expect((await a.chatUser.getMessage({ id: message.id })).message.id).toBe(message.id);
    });
  });
});
