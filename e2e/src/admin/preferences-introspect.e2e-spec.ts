import { randomUUID } from 'node:crypto';
import { Client, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  badBodies,
  client,
  E2eAccount,
  expectBodiesRefused,
  expectClientError,
  expectErrorBody,
  newAccount,
  newMember,
  raw,
  secondAccount,
  sql,
} from '@platform/testing';

describe('account preferences (/v1/admin/account/preferences/{key})', () => {
  let owner: E2eAccount & { workspaceId: string };
  let me: Client;

  beforeAll(async () => {
    owner = await secondAccount();
    me = client({ token: owner.token });
  });

  it('keeps any JSON value per key, replaced by the next set, for its own account only', async () => {
    await expect(me.setAccountPreference({ key: 'theme', value: { dark: true, sizes: [1, 2] } })).resolves.toEqual({});
    await expect(me.getAccountPreference({ key: 'theme' })).resolves.toEqual({ value: { dark: true, sizes: [1, 2] } });
    await me.setAccountPreference({ key: 'theme', value: 'light' });
    await expect(me.getAccountPreference({ key: 'theme' })).resolves.toEqual({ value: 'light' });
    await me.setAccountPreference({ key: 'cleared', value: null });
    await expect(me.getAccountPreference({ key: 'cleared' })).resolves.toEqual({ value: null });
    // Another account does not see them.
    const other = client({ token: (await newAccount()).token });
    await expectClientError(other.getAccountPreference({ key: 'theme' }), ResourceNotFoundError, 404, 'ResourceNotFound');
  });

  it('is 404 for a key never set', async () => {
    await expectClientError(me.getAccountPreference({ key: 'never-set' }), ResourceNotFoundError, 404, 'ResourceNotFound');
  });

  it('refuses bad keys and bodies with 4xx, storing nothing', async () => {
    const headers = { authorization: `Bearer ${owner.token}` };
    await expectBodiesRefused(
      'POST',
      '/v1/admin/account/preferences/fine',
      headers,
      badBodies({ value: 1 }, [['a value over 64 KB', { value: 'v'.repeat(70_000) }]]),
    );
    for (const key of ['a%20b', 'k'.repeat(101), 'sl%2Fash']) {
      const res = await raw('POST', `/v1/admin/account/preferences/${key}`, {
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"value":1}',
      });
      expect({ key, status: res.status }).toEqual({ key, status: 400 });
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    expect(await sql('SELECT key FROM admin.account_preferences WHERE account_id = $1 AND key = $2', [owner.accountId, 'fine'])).toEqual([]);
  });

  it('is 401 without a valid token', async () => {
    await expectClientError(anonymousClient().getAccountPreference({ key: 'theme' }), UnauthorizedError, 401, 'Unauthorized');
    await expectClientError(anonymousClient().setAccountPreference({ key: 'theme', value: 1 }), UnauthorizedError, 401, 'Unauthorized');
  });
});

describe('introspect (POST /v1/admin/introspect)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let botId: string;

  beforeAll(async () => {
    owner = await secondAccount();
    botId = (await client({ token: owner.token, workspaceId: owner.workspaceId }).createBot({ name: 'introspected' })).bot.id;
  });

  it("names the bot's workspace and the token's account, for any member of the workspace", async () => {
    await expect(client({ token: owner.token }).introspect({ botId })).resolves.toEqual({ workspaceId: owner.workspaceId, botId, userId: owner.accountId });
    const viewer = await newMember(owner.workspaceId, 'viewer', client({ token: owner.token, workspaceId: owner.workspaceId }));
    await expect(client({ token: viewer.token }).introspect({ botId })).resolves.toEqual({ workspaceId: owner.workspaceId, botId, userId: viewer.accountId });
  });

  it('answers a bot of a workspace the caller is not a member of as an unknown bot (404)', async () => {
    const stranger = client({ token: (await newAccount()).token });
    for (const id of [botId, randomUUID()]) await expectClientError(stranger.introspect({ botId: id }), ResourceNotFoundError, 404, 'ResourceNotFound');
  });

  it('refuses bad bodies with 4xx and is 401 without a valid token', async () => {
    await expectBodiesRefused(
      'POST',
      '/v1/admin/introspect',
      { authorization: `Bearer ${owner.token}` },
      badBodies({ botId }, [['botId as a number', { botId: 1 }]]),
    );
    await expectClientError(anonymousClient().introspect({ botId }), UnauthorizedError, 401, 'Unauthorized');
  });
});
