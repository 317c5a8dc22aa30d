import { randomUUID } from 'node:crypto';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, badBodies, client, E2eAccount, expectBodiesRefused, expectClientError, newMember, secondAccount, sql } from '@platform/testing';

type Bot = Awaited<ReturnType<Client['getBot']>>['bot'];

describe('bot JSON and versions (/v1/admin/bots/{id}/bot-json, …/versions)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let admin: Client;

  beforeAll(async () => {
    owner = await secondAccount();
    admin = client({ token: owner.token, workspaceId: owner.workspaceId });
  });

  const newBot = async (): Promise<Bot> =>
    (
      await admin.createBot({
        name: 'versioned',
        description: 'first words',
        tags: { team: 'support' },
        url: 'https://bots.example.test/v1',
        events: { ping: { schema: { type: 'object' } } },
        states: { memory: { type: 'user', schema: { type: 'object' } } },
        configuration: { data: { greeting: 'hello' }, schema: { type: 'object' } },
        code: 'module.exports = { v: 1 }',
        secrets: { API_KEY: 'kept-out-of-the-json' },
      })
    ).bot;

  it('answers the bot as a createBot body, without secrets or integrations, which makes the same bot', async () => {
    const bot = await newBot();
    const json = await admin.getBotJson({ id: bot.id });
    expect(json).toEqual({
      name: 'versioned',
      description: 'first words',
      tags: { team: 'support' },
      url: 'https://bots.example.test/v1',
      type: bot.type,
      configuration: { data: { greeting: 'hello' }, schema: { type: 'object' } },
      user: { tags: {} },
      conversation: { tags: {} },
      message: { tags: {} },
      states: { memory: { type: 'user', schema: { type: 'object' } } },
      events: { ping: { schema: { type: 'object' } } },
      recurringEvents: {},
      subscriptions: bot.subscriptions,
      actions: {},
      medias: [],
      code: 'module.exports = { v: 1 }',
    });
    expect(JSON.stringify(json)).not.toContain('kept-out-of-the-json');
    const { bot: copy } = await admin.createBot(json as Parameters<Client['createBot']>[0]);
    const { id: _a, createdAt: _b, updatedAt: _c, deployedAt: _d, signingSecret: _e, secrets: _f, createdBy: _g, ...same } = copy;
    expect(bot).toEqual(expect.objectContaining(same));
  });

  it('keeps versions, lists them newest first, and deploys one back, code included', async () => {
    const bot = await newBot();
    const { version: first } = await admin.createBotVersion({ id: bot.id, name: 'v1', description: 'the first' });
    expect(first).toEqual({ id: expect.any(String), name: 'v1', description: 'the first' });
    await admin.updateBot({ id: bot.id, name: 'renamed', events: { ping: null, pong: { schema: {} } }, url: null, code: 'module.exports = { v: 2 }' });
    const { version: second } = await admin.createBotVersion({ id: bot.id, name: 'v2' });
    expect(second).toEqual({ id: expect.any(String), name: 'v2' });
    expect((await admin.listBotVersions({ id: bot.id })).versions).toEqual([second, first]);

    const { url } = await admin.getBotVersion({ id: bot.id, versionId: first.id });
    expect(url).toMatch(/^data:application\/json;base64,/);
    const kept = JSON.parse(Buffer.from(url.split(',')[1], 'base64').toString('utf8'));
    expect(kept).toMatchObject({ name: 'versioned', url: 'https://bots.example.test/v1', code: 'module.exports = { v: 1 }', events: { ping: {} } });

    await expect(admin.deployBotVersion({ id: bot.id, versionId: first.id })).resolves.toEqual({});
    const restored = (await admin.getBot({ id: bot.id })).bot;
    expect(restored).toMatchObject({ name: 'versioned', events: { ping: { schema: { type: 'object' } } } });
    expect(restored.events).not.toHaveProperty('pong');
    // Secrets stay as they were: their values are never part of a version.
    expect(restored.secrets).toEqual(['API_KEY']);
    const [row] = await sql<{ url: string; code: string }>('SELECT url, code FROM admin.bots WHERE id = $1', [bot.id]);
    expect(row).toEqual({ url: 'https://bots.example.test/v1', code: 'module.exports = { v: 1 }' });
    expect((await admin.getAuditRecords({ id: owner.workspaceId })).records[0]).toMatchObject({ action: 'DEPLOY_BOT', resourceId: bot.id });
  });

  it('publishes a bot JSON: what it says replaces the bot, what it leaves out is emptied', async () => {
    const bot = await newBot();
    await expect(
      admin.publishFromBotJson({ id: bot.id, botJson: { name: 'published', actions: { greet: { input: { schema: {} }, output: { schema: {} } } } } }),
    ).resolves.toEqual({});
    const published = (await admin.getBot({ id: bot.id })).bot;
    expect(published).toMatchObject({
      name: 'published',
      tags: {},
      events: {},
      states: {},
      actions: { greet: { input: { schema: {} }, output: { schema: {} } } },
    });
    expect(published.description).toBeUndefined();
  });

  it('refuses a bad bot JSON and bad bodies with 400, changing nothing', async () => {
    const bot = await newBot();
    const before = await admin.getBotJson({ id: bot.id });
    for (const botJson of [{ name: 3 }, { secrets: { A: 'b' } }, { dev: true }, { invented: true }, { url: 'ftp://x' }, { events: [] }]) {
      await expectClientError(admin.publishFromBotJson({ id: bot.id, botJson }), InvalidPayloadError, 400, 'InvalidPayload');
    }
    expect(await admin.getBotJson({ id: bot.id })).toEqual(before);
    const headers = { authorization: `Bearer ${owner.token}`, 'x-workspace-id': owner.workspaceId };
    await expectBodiesRefused(
      'POST',
      `/v1/admin/bots/${bot.id}/publish-from-bot-json`,
      headers,
      badBodies({ botJson: {} }, [['botJson as a string', { botJson: 'x' }]]),
    );
    await expectBodiesRefused(
      'POST',
      `/v1/admin/bots/${bot.id}/versions`,
      headers,
      badBodies({ name: 'v' }, [
        ['name empty', { name: '' }],
        ['name as a number', { name: 1 }],
        ['description over 2000 characters', { description: 'd'.repeat(2001) }],
      ]),
    );
    await expectBodiesRefused(
      'POST',
      `/v1/admin/bots/${bot.id}/versions/deploy`,
      headers,
      badBodies({ versionId: 'x' }, [['versionId as a number', { versionId: 1 }]]),
    );
    expect((await admin.listBotVersions({ id: bot.id })).versions).toEqual([]);
  });

  it('is 404 for an unknown version and for the bots of other workspaces', async () => {
    const bot = await newBot();
    await expectClientError(admin.getBotVersion({ id: bot.id, versionId: 'botver_unknown' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    await expectClientError(admin.deployBotVersion({ id: bot.id, versionId: 'botver_unknown' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    const { version } = await admin.createBotVersion({ id: bot.id, name: 'mine' });
    const other = await secondAccount();
    const theirs = client({ token: other.token, workspaceId: other.workspaceId });
    for (const id of [bot.id, randomUUID()]) {
      await expectClientError(theirs.getBotJson({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.listBotVersions({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.createBotVersion({ id, name: 'x' }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.getBotVersion({ id, versionId: version.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.deployBotVersion({ id, versionId: version.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.publishFromBotJson({ id, botJson: {} }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
  });

  it('lets a viewer list versions only, and nobody without a token', async () => {
    const bot = await newBot();
    await admin.createBotVersion({ id: bot.id, name: 'seen' });
    const viewer = await newMember(owner.workspaceId, 'viewer', admin);
    const asViewer = client({ token: viewer.token, workspaceId: owner.workspaceId });
    expect((await asViewer.listBotVersions({ id: bot.id })).versions.map((v) => v.name)).toEqual(['seen']);
    await expectClientError(asViewer.getBotJson({ id: bot.id }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(asViewer.createBotVersion({ id: bot.id, name: 'no' }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(asViewer.publishFromBotJson({ id: bot.id, botJson: {} }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(anonymousClient({ workspaceId: owner.workspaceId }).listBotVersions({ id: bot.id }), UnauthorizedError, 401, 'Unauthorized');
  });
});
