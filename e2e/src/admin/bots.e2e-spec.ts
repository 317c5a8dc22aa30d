import { randomBytes, randomUUID } from 'node:crypto';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { CHAT_INTEGRATION_PUBLIC_ID } from '@platform/contracts';
import {
  acceptInvitation,
  anonymousClient,
  client,
  defaultWorkspaceId,
  e2e,
  expectClientError,
  expectErrorBody,
  FORGED_PAGE_TOKENS,
  ISO_MS,
  raw,
  RawResponse,
  secondAccount,
  sql,
  walkPages,
} from '@platform/testing';

type Bot = Awaited<ReturnType<Client['getBot']>>['bot'];
type BotSummary = Awaited<ReturnType<Client['listBots']>>['bots'][number];
type ListBotsInput = Parameters<Client['listBots']>[0];

const marker = () => randomBytes(6).toString('hex');
const tick = () => new Promise((r) => setTimeout(r, 5));

/** A createBot body setting every field the platform stores. */
function fullBotInput() {
  return {
    name: 'full bot',
    description: 'A bot with every stored field',
    tags: { team: 'core', env: 'test' },
    dev: true,
    url: 'https://bots.example.test/full',
    type: 'studio' as const,
    maxExecutionTime: 120,
    configuration: {
      data: { greeting: 'hi', retries: 3 },
      schema: { type: 'object', properties: { greeting: { type: 'string' }, retries: { type: 'number' } } },
    },
    user: { tags: { plan: { title: 'Plan' } } },
    conversation: { tags: { topic: { title: 'Topic', description: 'What it is about' } } },
    message: { tags: { lang: {} } },
    events: { ping: { title: 'Ping', schema: { type: 'object', properties: { at: { type: 'string' } } } } },
    states: { memory: { type: 'conversation' as const, schema: { type: 'object' } } },
    actions: { echo: { title: 'Echo', input: { schema: { type: 'object' } }, output: { schema: { type: 'object' } } } },
    medias: [{ url: 'https://cdn.example.test/logo.png', name: 'logo' }],
    secrets: { API_KEY: 'super-secret-value-1', OTHER_KEY: 'super-secret-value-2' },
  };
}

function chatHello(webhookId: string): Promise<RawResponse> {
  return raw('GET', `/chat/${webhookId}/hello`);
}

describe('bots (/v1/admin/bots)', () => {
  let workspaceId: string;
  let admin: Client;
  let other: { token: string; workspaceId: string };
  let otherAdmin: Client;

  beforeAll(async () => {
    workspaceId = await defaultWorkspaceId();
    admin = client({ workspaceId });
    other = await secondAccount();
    otherAdmin = client({ token: other.token, workspaceId: other.workspaceId });
  });

  const get = async (id: string, c: Client = admin): Promise<Bot> => (await c.getBot({ id })).bot;

  describe('createBot and getBot', () => {
    it('stores every field and returns it, the signing secret on create only', async () => {
      const input = fullBotInput();
      const before = Date.now();
      const { bot } = await admin.createBot(input);

      expect(bot).toEqual(
        expect.objectContaining({
          name: input.name,
          description: input.description,
          tags: input.tags,
          dev: true,
          type: 'studio',
          maxExecutionTime: 120,
          configuration: input.configuration,
          user: input.user,
          conversation: input.conversation,
          message: input.message,
          events: input.events,
          states: input.states,
          actions: input.actions,
          medias: input.medias,
          integrations: {},
        }),
      );
      expect(bot.id.length).toBeGreaterThanOrEqual(28);
      expect(bot.id.length).toBeLessThanOrEqual(36);
      expect(bot.createdAt).toMatch(ISO_MS);
      expect(bot.updatedAt).toBe(bot.createdAt);
      expect(Date.parse(bot.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(bot.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
      // Secrets come back as names only; their values never leave the platform.
      expect([...bot.secrets].sort()).toEqual(['API_KEY', 'OTHER_KEY']);
      expect(JSON.stringify(bot)).not.toContain('super-secret-value');
      expect(bot.signingSecret).toEqual(expect.any(String));
      expect(bot.signingSecret.length).toBeGreaterThanOrEqual(16);

      // getBot answers the same bot, the current signing secret included (the reference's Bot
      // requires it: a bot verifies its deliveries with it).
      const stored = await get(bot.id);
      expect(stored).toEqual(bot);
      expect(JSON.stringify(stored)).not.toContain('super-secret-value');
    });

    it('gives each bot its own id and signing secret', async () => {
      const [{ bot: a }, { bot: b }] = await Promise.all([admin.createBot({ name: 'twin' }), admin.createBot({ name: 'twin' })]);
      expect(a.id).not.toBe(b.id);
      expect(a.signingSecret).not.toBe(b.signingSecret);
    });

    it('creates a bot from an empty body with defaults', async () => {
      const { bot } = await admin.createBot({});
      expect(bot.name).toEqual(expect.any(String));
      expect(bot.name.length).toBeGreaterThan(0);
      expect(bot).toEqual(
        expect.objectContaining({
          tags: {},
          dev: false,
          integrations: {},
          events: {},
          states: {},
          actions: {},
          medias: [],
          secrets: [],
          user: { tags: {} },
          conversation: { tags: {} },
          message: { tags: {} },
        }),
      );
      expect(bot).not.toHaveProperty('url');
      expect(bot.description).toBeUndefined();
      const { signingSecret: _, ...rest } = bot;
      expect(await get(bot.id)).toEqual({ ...rest, signingSecret: expect.anything() });
    });

    it('records the account that created the bot', async () => {
      const [own] = (await client().listWorkspaces({})).workspaces;
      const { bot } = await admin.createBot({ name: 'made by the owner' });
      expect(bot.createdBy).toBe(own.ownerId);
      expect((await get(bot.id)).createdBy).toBe(own.ownerId);
    });

    it('marks a bot created with code as deployed, and never returns the code', async () => {
      const suite = marker();
      const { bot } = await admin.createBot({ name: 'deployed', tags: { suite }, code: 'console.log("code-marker-1")' });
      expect(bot.deployedAt).toMatch(ISO_MS);
      expect(JSON.stringify(bot)).not.toContain('code-marker-1');
      const stored = await get(bot.id);
      expect(stored.deployedAt).toBe(bot.deployedAt);
      expect(JSON.stringify(stored)).not.toContain('code-marker-1');
      const [summary] = (await admin.listBots({ tags: { suite } })).bots;
      expect(summary.deployedAt).toBe(bot.deployedAt);

      await tick();
      await admin.updateBot({ id: bot.id, name: 'still deployed' });
      expect((await get(bot.id)).deployedAt).toBe(bot.deployedAt);
      const { bot: redeployed } = await admin.updateBot({ id: bot.id, code: 'console.log("code-marker-2")' });
      expect(Date.parse(redeployed.deployedAt!)).toBeGreaterThan(Date.parse(bot.deployedAt!));
      expect(JSON.stringify(redeployed)).not.toContain('code-marker-2');

      const { bot: plain } = await admin.createBot({ name: 'not deployed' });
      expect(plain.deployedAt).toBeUndefined();
    });

    it('accepts a name of exactly 200 characters', async () => {
      const name = 'n'.repeat(200);
      const { bot } = await admin.createBot({ name });
      expect((await get(bot.id)).name).toBe(name);
    });

    it('answers 404 for a bot that does not exist', async () => {
      const id = randomUUID();
      const err = await expectClientError(admin.getBot({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      expect(err.message).toContain(id);
      const res = await raw('GET', `/v1/admin/bots/${id}`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId } });
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
    });

    it('answers 400 for a bot id longer than any id', async () => {
      await expectClientError(admin.getBot({ id: 'x'.repeat(101) }), InvalidPayloadError, 400, 'InvalidPayload');
    });
  });

  describe('updateBot', () => {
    let bot: Bot;

    beforeEach(async () => {
      bot = (await admin.createBot(fullBotInput())).bot;
    });

    it('changes what is given, keeps what is not, and moves updatedAt only', async () => {
      await tick();
      const { bot: updated } = await admin.updateBot({ id: bot.id, name: 'renamed', description: 'new words' });
      expect(updated.name).toBe('renamed');
      expect(updated.description).toBe('new words');
      expect(updated.createdAt).toBe(bot.createdAt);
      expect(updated.updatedAt).toMatch(ISO_MS);
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(bot.updatedAt));
      const { name: _, description: __, updatedAt: ___, ...untouched } = bot;
      expect(updated).toEqual(expect.objectContaining(untouched));
      expect(await get(bot.id)).toEqual(updated);
    });

    it('merges tags: a value replaces, null removes, unmentioned keys stay', async () => {
      const { bot: updated } = await admin.updateBot({ id: bot.id, tags: { team: null, env: 'prod', region: 'eu' } });
      expect(updated.tags).toEqual({ env: 'prod', region: 'eu' });
      expect((await get(bot.id)).tags).toEqual({ env: 'prod', region: 'eu' });
      await admin.updateBot({ id: bot.id, tags: { absent: null } });
      expect((await get(bot.id)).tags).toEqual({ env: 'prod', region: 'eu' });
    });

    it('merges user, conversation and message tag definitions the same way', async () => {
      const { bot: updated } = await admin.updateBot({
        id: bot.id,
        user: { tags: { plan: null, locale: { title: 'Locale' } } },
        conversation: { tags: { topic: { title: 'Subject' } } },
        message: { tags: { lang: null } },
      });
      expect(updated.user).toEqual({ tags: { locale: { title: 'Locale' } } });
      expect(updated.conversation).toEqual({ tags: { topic: { title: 'Subject' } } });
      expect(updated.message).toEqual({ tags: {} });
      expect(await get(bot.id)).toEqual(updated);
    });

    it('merges events, states and actions by name, null removing one', async () => {
      const { bot: updated } = await admin.updateBot({
        id: bot.id,
        events: { ping: null, pong: { schema: { type: 'object' } } },
        states: { memory: { type: 'user', schema: { type: 'object', properties: {} } } },
        actions: { echo: null },
      });
      expect(updated.events).toEqual({ pong: { schema: { type: 'object' } } });
      expect(updated.states).toEqual({ memory: { type: 'user', schema: { type: 'object', properties: {} } } });
      expect(updated.actions).toEqual({});
      expect(await get(bot.id)).toEqual(updated);
    });

    it('adds and removes secrets by name', async () => {
      const { bot: updated } = await admin.updateBot({ id: bot.id, secrets: { API_KEY: null, NEW_KEY: 'another-secret-value' } });
      expect([...updated.secrets].sort()).toEqual(['NEW_KEY', 'OTHER_KEY']);
      expect(JSON.stringify(updated)).not.toContain('another-secret-value');
      expect([...(await get(bot.id)).secrets].sort()).toEqual(['NEW_KEY', 'OTHER_KEY']);
    });

    it('replaces configuration, medias, dev-independent settings and the type', async () => {
      const { bot: updated } = await admin.updateBot({
        id: bot.id,
        configuration: { data: { greeting: 'hello' } },
        medias: [],
        maxExecutionTime: 60,
        type: 'adk',
      });
      expect(updated.configuration).toEqual({ data: { greeting: 'hello' }, schema: fullBotInput().configuration.schema });
      expect(updated.medias).toEqual([]);
      expect(updated.maxExecutionTime).toBe(60);
      expect(updated.type).toBe('adk');
      expect(await get(bot.id)).toEqual(updated);
    });

    it('sets the url, keeps it when not given, and clears it with null; answers never show it (the reference has no such field)', async () => {
      const storedUrl = async (id: string) => (await sql<{ url: string | null }>('SELECT url FROM admin.bots WHERE id = $1', [id]))[0].url;
      const plain: Bot = (await admin.createBot({ name: 'no url' })).bot;
      expect(await storedUrl(plain.id)).toBeNull();
      const set: Bot = (await admin.updateBot({ id: plain.id, url: 'https://bots.example.test/hook' })).bot;
      expect(set).not.toHaveProperty('url');
      expect(await get(plain.id)).not.toHaveProperty('url');
      expect(await storedUrl(plain.id)).toBe('https://bots.example.test/hook');
      await admin.updateBot({ id: plain.id, name: 'still has its url' });
      expect(await storedUrl(plain.id)).toBe('https://bots.example.test/hook');
      await admin.updateBot({ id: plain.id, url: null });
      expect(await storedUrl(plain.id)).toBeNull();
    });

    it('answers 404 for a bot that does not exist', async () => {
      await expectClientError(admin.updateBot({ id: randomUUID(), name: 'ghost' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });

  describe('integrations', () => {
    let bot: Bot;

    beforeEach(async () => {
      bot = (await admin.createBot({ name: 'with integrations' })).bot;
    });

    const install = (alias = 'webchat', configuration?: Record<string, unknown>) =>
      admin.updateBot({ id: bot.id, integrations: { [alias]: { integrationId: 'chat', enabled: true, ...(configuration ? { configuration } : {}) } } });

    it('installs the chat integration under an alias, with its own webhook', async () => {
      const { bot: updated } = await install();
      const instance = updated.integrations.webchat;
      expect(Object.keys(updated.integrations)).toEqual(['webchat']);
      expect(instance).toEqual(
        expect.objectContaining({
          id: CHAT_INTEGRATION_PUBLIC_ID,
          name: 'chat',
          enabled: true,
          configuration: {},
          disabledChannels: [],
          webhookId: expect.any(String),
          createdAt: expect.stringMatching(ISO_MS),
          updatedAt: expect.stringMatching(ISO_MS),
        }),
      );
      expect(instance.webhookId.length).toBeGreaterThan(0);
      expect(instance.webhookUrl).toMatch(/^https?:\/\//);
      expect(new URL(instance.webhookUrl).pathname).toBe(`/webhook/${instance.webhookId}`);
      expect((await get(bot.id)).integrations).toEqual(updated.integrations);
      expect((await chatHello(instance.webhookId)).status).toBe(200);
    });

    it('installs it by its public id as well, and keeps the instance when either id is given again', async () => {
      const { bot: updated } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: CHAT_INTEGRATION_PUBLIC_ID, enabled: true } } });
      const { webhookId } = updated.integrations.webchat;
      expect(updated.integrations.webchat).toEqual(expect.objectContaining({ id: CHAT_INTEGRATION_PUBLIC_ID, name: 'chat' }));
      const { bot: again } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat' } } });
      expect(again.integrations.webchat.webhookId).toBe(webhookId);
      // The runtime takes either id in x-integration-id.
      for (const integrationId of ['chat', CHAT_INTEGRATION_PUBLIC_ID]) {
        expect((await client({ botId: bot.id, integrationId }).listUsers({})).users).toEqual([]);
      }
    });

    it('gives every instance its own webhook', async () => {
      await install('first');
      const { bot: updated } = await install('second');
      expect(Object.keys(updated.integrations).sort()).toEqual(['first', 'second']);
      expect(updated.integrations.first.webhookId).not.toBe(updated.integrations.second.webhookId);
      expect(await get(bot.id)).toEqual(expect.objectContaining({ integrations: updated.integrations }));
    });

    it('changes the encryptionKey of an instance and keeps its webhook', async () => {
      const { bot: installed } = await install();
      const { webhookId } = installed.integrations.webchat;
      const { bot: updated } = await admin.updateBot({ id: bot.id, integrations: { webchat: { configuration: { encryptionKey: 'a-long-enough-key' } } } });
      expect(updated.integrations.webchat).toEqual(
        expect.objectContaining({ id: CHAT_INTEGRATION_PUBLIC_ID, enabled: true, webhookId, configuration: { encryptionKey: 'a-long-enough-key' } }),
      );
      expect((await get(bot.id)).integrations.webchat.configuration).toEqual({ encryptionKey: 'a-long-enough-key' });
      // Other changes leave the configuration as it is.
      const { bot: again } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat' } }, name: 'renamed' });
      expect(again.integrations.webchat.configuration).toEqual({ encryptionKey: 'a-long-enough-key' });
      expect(again.integrations.webchat.webhookId).toBe(webhookId);
    });

    it('refuses configuration keys the chat integration does not have, changing nothing', async () => {
      await install('webchat', { encryptionKey: 'a-long-enough-key' });
      const before = await get(bot.id);
      for (const configuration of [
        { color: 'blue' },
        { encryptionKey: 'a-long-enough-key', extra: true },
        { encryptionKey: 'short' },
        { encryptionKey: 12345678 },
      ]) {
        await expectClientError(admin.updateBot({ id: bot.id, integrations: { webchat: { configuration } } }), InvalidPayloadError, 400, 'InvalidPayload');
      }
      await expectClientError(install('fresh', { theme: 'dark' }), InvalidPayloadError, 400, 'InvalidPayload');
      expect(await get(bot.id)).toEqual(before);
    });

    it('disables and enables an instance: a disabled chat webhook is not served', async () => {
      const { bot: installed } = await install();
      const { webhookId } = installed.integrations.webchat;
      const { bot: disabled } = await admin.updateBot({ id: bot.id, integrations: { webchat: { enabled: false } } });
      expect(disabled.integrations.webchat).toEqual(expect.objectContaining({ enabled: false, webhookId }));
      expect((await chatHello(webhookId)).status).toBe(404);
      await admin.updateBot({ id: bot.id, integrations: { webchat: { enabled: true } } });
      expect((await chatHello(webhookId)).status).toBe(200);
    });

    it('uninstalls an instance with null, and its webhook stops answering', async () => {
      await install('keep');
      const { bot: installed } = await install('drop');
      const dropped = installed.integrations.drop.webhookId;
      const { bot: updated } = await admin.updateBot({ id: bot.id, integrations: { drop: null } });
      expect(Object.keys(updated.integrations)).toEqual(['keep']);
      expect(Object.keys((await get(bot.id)).integrations)).toEqual(['keep']);
      const hello = await chatHello(dropped);
      expect(hello.status).toBe(404);
      expectErrorBody(hello.json, 404, 'ResourceNotFound');
      expect((await chatHello(installed.integrations.keep.webhookId)).status).toBe(200);
      // Uninstalling an alias that is not installed changes nothing.
      const { bot: same } = await admin.updateBot({ id: bot.id, integrations: { drop: null } });
      expect(same.integrations).toEqual(updated.integrations);
    });

    it('reinstalling an alias after an uninstall gives it a new webhook', async () => {
      const { bot: first } = await install();
      await admin.updateBot({ id: bot.id, integrations: { webchat: null } });
      const { bot: second } = await install();
      expect(second.integrations.webchat.webhookId).not.toBe(first.integrations.webchat.webhookId);
      expect((await chatHello(first.integrations.webchat.webhookId)).status).toBe(404);
      expect((await chatHello(second.integrations.webchat.webhookId)).status).toBe(200);
    });

    it('answers 404 for an integration that does not exist, installing nothing', async () => {
      const err = await expectClientError(
        admin.updateBot({ id: bot.id, integrations: { other: { integrationId: 'no-such-integration', enabled: true } } }),
        ResourceNotFoundError,
        404,
        'ResourceNotFound',
      );
      expect(err.message).toContain('no-such-integration');
      expect((await get(bot.id)).integrations).toEqual({});
    });

    it('answers 400 for a new alias without an integrationId', async () => {
      await expectClientError(admin.updateBot({ id: bot.id, integrations: { newalias: { enabled: true } } }), InvalidPayloadError, 400, 'InvalidPayload');
      expect((await get(bot.id)).integrations).toEqual({});
    });

    it('applies all of an integrations map or none of it', async () => {
      const before = await get(bot.id);
      await expectClientError(
        admin.updateBot({
          id: bot.id,
          name: 'should not stick',
          integrations: { good: { integrationId: 'chat' }, bad: { integrationId: 'no-such-integration' } },
        }),
        ResourceNotFoundError,
        404,
        'ResourceNotFound',
      );
      expect(await get(bot.id)).toEqual(before);
    });

    it('answers 400 for a malformed integrations map', async () => {
      const bad: unknown[] = [
        { 'bad alias!': { integrationId: 'chat' } },
        { webchat: 'chat' },
        { webchat: { integrationId: 'chat', enabled: 'yes' } },
        { webchat: { integrationId: 'chat', configuration: 'x' } },
        { webchat: { integrationId: 'chat', disabledChannels: [1] } },
        ['chat'],
      ];
      for (const integrations of bad) {
        await expectClientError(admin.updateBot({ id: bot.id, integrations } as never), InvalidPayloadError, 400, 'InvalidPayload');
      }
      expect((await get(bot.id)).integrations).toEqual({});
    });
  });

  describe('listBots', () => {
    let lister: Client;
    let suite: string;
    let bots: BotSummary[];
    let names: Record<string, string>;

    beforeAll(async () => {
      const account = await secondAccount();
      lister = client({ token: account.token, workspaceId: account.workspaceId });
      suite = marker();
      const specs: Array<{ name: string; tags: Record<string, string>; dev: boolean }> = [
        { name: 'b0', tags: { team: 'red', tier: 'gold' }, dev: false },
        { name: 'b1', tags: { team: 'blue' }, dev: true },
        { name: 'b2', tags: { team: 'red' }, dev: false },
        { name: 'b3', tags: {}, dev: true },
        { name: 'b4', tags: { team: 'red', tier: 'silver' }, dev: false },
      ];
      const created: Bot[] = [];
      for (const spec of specs) {
        created.push((await lister.createBot({ ...spec, tags: { ...spec.tags, suite } })).bot);
        await tick();
      }
      // Updated in another order than created, so the two sort fields give different orders.
      const updated = new Map<string, Bot>();
      for (const i of [2, 0, 4, 1, 3]) {
        // b2 and b4 get the chat integration, for the integrationNames filter.
        const integrations = i === 2 || i === 4 ? { webchat: { integrationId: 'chat' } } : undefined;
        updated.set(created[i].id, (await lister.updateBot({ id: created[i].id, description: `touched ${i}`, integrations })).bot);
        await tick();
      }
      bots = created.map((b) => {
        const u = updated.get(b.id)!;
        return { id: u.id, name: u.name, tags: u.tags, type: u.type, createdAt: u.createdAt, updatedAt: u.updatedAt };
      });
      names = Object.fromEntries(bots.map((b) => [b.id, b.name]));
    });

    const order = (field: 'createdAt' | 'updatedAt', direction: 'asc' | 'desc') => {
      const sorted = [...bots].sort((a, b) => a[field].localeCompare(b[field]) || a.id.localeCompare(b.id));
      return (direction === 'asc' ? sorted : sorted.reverse()).map((b) => b.name);
    };

    async function walk(input: ListBotsInput): Promise<{ pages: string[][]; last: { nextToken?: string } }> {
      const { pages, lastMeta } = await walkPages(
        (nextToken) => lister.listBots({ ...input, nextToken }),
        (page) => page.bots.map((b) => names[b.id] ?? b.id),
        { maxPages: 10, firstToken: input.nextToken },
      );
      return { pages, last: lastMeta };
    }

    it('lists the bots of the workspace as summaries, newest first by default', async () => {
      const { bots: listed, meta } = await lister.listBots({});
      expect(listed.map((b) => b.name)).toEqual(order('createdAt', 'desc'));
      expect(meta.nextToken).toBeUndefined();
      for (const b of listed) {
        expect(b).toEqual(bots.find((x) => x.id === b.id));
        expect(b.createdAt).toMatch(ISO_MS);
        expect(b.updatedAt).toMatch(ISO_MS);
      }
    });

    it('makes the sort orders differ, so that each check below means something', () => {
      expect(order('createdAt', 'asc')).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
      expect(order('updatedAt', 'asc')).toEqual(['b2', 'b0', 'b4', 'b1', 'b3']);
    });

    for (const sortField of ['createdAt', 'updatedAt'] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        it(`walks pages of 2 sorted by ${sortField} ${sortDirection}, with no duplicate and no gap`, async () => {
          const { pages, last } = await walk({ pageSize: 2, sortField, sortDirection });
          expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
          expect(pages.flat()).toEqual(order(sortField, sortDirection));
          expect(last.nextToken).toBeUndefined();
        });
      }
    }

    it('ends with no nextToken when the last page is exactly full', async () => {
      const { pages, last } = await walk({ pageSize: 5 });
      expect(pages).toEqual([order('createdAt', 'desc')]);
      expect(last).toEqual({});
      const { pages: fives } = await walk({ pageSize: 1, sortField: 'updatedAt', sortDirection: 'asc' });
      expect(fives).toEqual(order('updatedAt', 'asc').map((n) => [n]));
    });

    it("follows the client's own list iterator to the end", async () => {
      const all = await lister.list.bots({ sortField: 'updatedAt', sortDirection: 'desc' }).collect();
      expect(all.map((b) => names[b.id])).toEqual(order('updatedAt', 'desc'));
    });

    it('filters by tags (tags.key=value), every given tag having to match', async () => {
      const names_ = async (tags: Record<string, string>, extra: Partial<ListBotsInput> = {}) =>
        (await lister.listBots({ tags, sortDirection: 'asc', ...extra })).bots.map((b) => names[b.id]);
      expect(await names_({ team: 'red' })).toEqual(['b0', 'b2', 'b4']);
      expect(await names_({ team: 'red', tier: 'gold' })).toEqual(['b0']);
      expect(await names_({ team: 'blue', suite })).toEqual(['b1']);
      expect(await names_({ team: 'green' })).toEqual([]);
      expect(await names_({ suite })).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
      const { pages } = await walk({ tags: { team: 'red' }, pageSize: 2, sortDirection: 'asc' });
      expect(pages).toEqual([['b0', 'b2'], ['b4']]);
    });

    it('filters by dev, alone and with tags', async () => {
      const list = async (input: ListBotsInput) => (await lister.listBots({ sortDirection: 'asc', ...input })).bots.map((b) => names[b.id]);
      expect(await list({ dev: true })).toEqual(['b1', 'b3']);
      expect(await list({ dev: false })).toEqual(['b0', 'b2', 'b4']);
      expect(await list({ dev: true, tags: { team: 'blue' } })).toEqual(['b1']);
      expect(await list({ dev: true, tags: { team: 'red' } })).toEqual([]);
    });

    it('filters by installed integration', async () => {
      const list = async (input: ListBotsInput) => (await lister.listBots({ sortDirection: 'asc', ...input })).bots.map((b) => names[b.id]);
      expect(await list({ integrationNames: ['chat'] })).toEqual(['b2', 'b4']);
      expect(await list({ integrationNames: ['chat'], tags: { tier: 'silver' } })).toEqual(['b4']);
      expect(await list({ integrationNames: ['no-such-integration'] })).toEqual([]);
    });

    it('never lists the bots of another workspace', async () => {
      expect((await admin.listBots({ tags: { suite } })).bots).toEqual([]);
      const { bot: mine } = await admin.createBot({ name: 'not theirs', tags: { suite } });
      expect((await admin.listBots({ tags: { suite } })).bots.map((b) => b.id)).toEqual([mine.id]);
      expect((await lister.listBots({ tags: { suite } })).bots.map((b) => names[b.id] ?? b.id).sort()).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
      await admin.deleteBot({ id: mine.id });
    });

    it('rejects a nextToken it did not issue with 400', async () => {
      for (const nextToken of FORGED_PAGE_TOKENS) {
        await expectClientError(lister.listBots({ nextToken }), InvalidPayloadError, 400, 'InvalidPayload');
      }
    });

    it('rejects a pageSize outside 1..100 and unknown sort settings with 400', async () => {
      for (const input of [{ pageSize: 0 }, { pageSize: 101 }, { pageSize: 2.5 }, { sortField: 'name' }, { sortDirection: 'up' }, { dev: 'maybe' }]) {
        await expectClientError(lister.listBots(input as ListBotsInput), InvalidPayloadError, 400, 'InvalidPayload');
      }
      expect((await lister.listBots({ pageSize: 100 })).bots).toHaveLength(5);
      expect((await lister.listBots({ pageSize: 1 })).bots).toHaveLength(1);
    });

    it('keeps a walk stable while bots are created', async () => {
      const first = await lister.listBots({ pageSize: 2, sortDirection: 'asc' });
      await tick();
      const { bot: late } = await lister.createBot({ name: 'late', tags: { suite } });
      names[late.id] = 'late';
      try {
        const rest = await walk({ pageSize: 2, sortDirection: 'asc', nextToken: first.meta.nextToken } as ListBotsInput);
        expect([...first.bots.map((b) => names[b.id]), ...rest.pages.flat()]).toEqual([...order('createdAt', 'asc'), 'late']);

        // Newest first: a bot created after the walk started is before the cursor, never repeated.
        const top = await lister.listBots({ pageSize: 2 });
        expect(top.bots.map((b) => names[b.id])).toEqual(['late', 'b4']);
        await lister.createBot({ name: 'later still', tags: { suite } });
        const after = await walk({ pageSize: 2, nextToken: top.meta.nextToken } as ListBotsInput);
        expect(after.pages.flat()).toEqual(['b3', 'b2', 'b1', 'b0']);
      } finally {
        for (const b of (await lister.listBots({ pageSize: 100 })).bots) {
          if (!['b0', 'b1', 'b2', 'b3', 'b4'].includes(names[b.id])) await lister.deleteBot({ id: b.id });
        }
      }
      expect((await lister.listBots({})).bots).toHaveLength(5);
    });
  });

  describe('deleteBot', () => {
    it('deletes a bot: it is then 404 everywhere and gone from the list', async () => {
      const suite = marker();
      const { bot } = await admin.createBot({ name: 'doomed', tags: { suite } });
      expect(await admin.deleteBot({ id: bot.id })).toEqual({});
      await expectClientError(admin.getBot({ id: bot.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(admin.updateBot({ id: bot.id, name: 'back' }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(admin.deleteBot({ id: bot.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      expect((await admin.listBots({ tags: { suite } })).bots).toEqual([]);
    });

    it("takes the bot's integration instances with it", async () => {
      const install = async (name: string) => {
        const { bot } = await admin.createBot({ name });
        const { bot: installed } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat' } } });
        return { id: bot.id, webhookId: installed.integrations.webchat.webhookId };
      };
      const doomed = await install('doomed with chat');
      const kept = await install('kept with chat');
      await admin.deleteBot({ id: doomed.id });
      const hello = await chatHello(doomed.webhookId);
      expect(hello.status).toBe(404);
      expectErrorBody(hello.json, 404, 'ResourceNotFound');
      expect((await chatHello(kept.webhookId)).status).toBe(200);
    });

    it('deletes only the bot named', async () => {
      const suite = marker();
      const { bot: a } = await admin.createBot({ name: 'a', tags: { suite } });
      const { bot: b } = await admin.createBot({ name: 'b', tags: { suite } });
      await admin.deleteBot({ id: a.id });
      expect((await admin.listBots({ tags: { suite } })).bots.map((x) => x.id)).toEqual([b.id]);
      expect((await get(b.id)).name).toBe('b');
    });

    it('answers 404 for a bot that does not exist', async () => {
      await expectClientError(admin.deleteBot({ id: randomUUID() }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });

  describe("another workspace's bot", () => {
    let theirs: Bot;

    beforeAll(async () => {
      theirs = (await otherAdmin.createBot({ name: 'theirs', tags: { owner: 'other' } })).bot;
    });

    it('is 404 to read, exactly like a bot that does not exist', async () => {
      const hidden = await expectClientError(admin.getBot({ id: theirs.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      const unknownId = randomUUID();
      const unknown = await expectClientError(admin.getBot({ id: unknownId }), ResourceNotFoundError, 404, 'ResourceNotFound');
      expect(hidden.message.replace(theirs.id, '<id>')).toBe(unknown.message.replace(unknownId, '<id>'));
      expect(hidden.message).not.toContain('theirs');
    });

    it('is 404 to update and to delete, and stays untouched', async () => {
      await expectClientError(admin.updateBot({ id: theirs.id, name: 'hijacked', tags: { owner: null } }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(
        admin.updateBot({ id: theirs.id, integrations: { webchat: { integrationId: 'chat' } } }),
        ResourceNotFoundError,
        404,
        'ResourceNotFound',
      );
      await expectClientError(admin.deleteBot({ id: theirs.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      const { signingSecret: _, ...rest } = theirs;
      expect(await get(theirs.id, otherAdmin)).toEqual({ ...rest, signingSecret: expect.anything() });
    });
  });

  describe('authentication and authorization', () => {
    let bot: Bot;
    let suite: string;

    beforeAll(async () => {
      suite = marker();
      bot = (await admin.createBot({ name: 'guarded', tags: { suite } })).bot;
    });

    const operations: Record<string, (c: Client) => Promise<unknown>> = {
      createBot: (c) => c.createBot({ name: 'must not exist', tags: { suite } }),
      getBot: (c) => c.getBot({ id: bot.id }),
      listBots: (c) => c.listBots({}),
      updateBot: (c) => c.updateBot({ id: bot.id, name: 'changed', tags: { suite: null } }),
      deleteBot: (c) => c.deleteBot({ id: bot.id }),
    };

    afterAll(async () => {
      // Whatever was refused left the bot as it was, and created nothing.
      const { signingSecret: _, ...rest } = bot;
      expect(await get(bot.id)).toEqual({ ...rest, signingSecret: expect.anything() });
      expect((await admin.listBots({ tags: { suite } })).bots.map((b) => b.id)).toEqual([bot.id]);
    });

    for (const [name, call] of Object.entries(operations)) {
      describe(name, () => {
        it('is 401 without a token', async () => {
          await expectClientError(call(anonymousClient({ workspaceId })), UnauthorizedError, 401, 'Unauthorized');
        });

        it('is 401 with an unknown token', async () => {
          await expectClientError(call(client({ token: `bp_pat_${randomBytes(16).toString('hex')}`, workspaceId })), UnauthorizedError, 401, 'Unauthorized');
        });

        it('is 401 without x-workspace-id', async () => {
          await expectClientError(call(client({})), UnauthorizedError, 401, 'Unauthorized');
        });

        it('is 401 with a workspace id that does not exist', async () => {
          await expectClientError(call(client({ workspaceId: `wkspace_${marker()}` })), UnauthorizedError, 401, 'Unauthorized');
          await expectClientError(call(client({ token: other.token, workspaceId: `wkspace_${marker()}` })), UnauthorizedError, 401, 'Unauthorized');
        });

        it('is 403 with a valid token on a workspace it is not a member of', async () => {
          await expectClientError(call(client({ token: other.token, workspaceId })), ForbiddenError, 403, 'Forbidden');
        });
      });
    }

    it('answers the standard error body for each refusal', async () => {
      const path = `/v1/admin/bots/${bot.id}`;
      const cases: Array<[Record<string, string>, number, string]> = [
        [{ 'x-workspace-id': workspaceId }, 401, 'Unauthorized'],
        [{ authorization: `Bearer ${e2e.token}` }, 401, 'Unauthorized'],
        [{ authorization: `Bearer ${e2e.token}`, 'x-workspace-id': '   ' }, 401, 'Unauthorized'],
        [{ authorization: `Bearer nope`, 'x-workspace-id': workspaceId }, 401, 'Unauthorized'],
        [{ authorization: `Bearer ${e2e.token}`, 'x-workspace-id': 'wkspace_nope' }, 401, 'Unauthorized'],
        [{ authorization: `Bearer ${other.token}`, 'x-workspace-id': workspaceId }, 403, 'Forbidden'],
      ];
      for (const [headers, code, type] of cases) {
        const res = await raw('GET', path, { headers });
        expect({ headers, status: res.status }).toEqual({ headers, status: code });
        expectErrorBody(res.json, code, type);
      }
    });

    it('lets the workspace owner through (the control for the refusals above)', async () => {
      expect((await operations.getBot(admin)) as { bot: Bot }).toEqual({ bot: expect.objectContaining({ id: bot.id }) });
    });
  });

  describe('workspace roles', () => {
    let member: { token: string; email: string; memberId?: string };
    let owned: Bot;

    /** Gives the member this role in the workspace, through the members API as its owner would. */
    const setRole = async (role: 'viewer' | 'billing' | 'developer') => {
      if (member.memberId) await otherAdmin.updateWorkspaceMember({ id: member.memberId, role });
      else {
        member.memberId = (await otherAdmin.createWorkspaceMember({ email: member.email, role })).id;
        await acceptInvitation(member.token, member.memberId);
      }
    };

    beforeAll(async () => {
      const account = await secondAccount();
      member = { token: account.token, email: account.email };
      owned = (await otherAdmin.createBot({ name: 'team bot', tags: { kind: 'team' }, configuration: { data: { apiKey: 'bot-config-secret' } } })).bot;
      owned = (
        await otherAdmin.updateBot({
          id: owned.id,
          integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: { encryptionKey: 'chat-key-secret' } } },
        })
      ).bot;
    });

    const as = () => client({ token: member.token, workspaceId: other.workspaceId });

    for (const role of ['viewer', 'billing'] as const) {
      it(`lets a ${role} read bots but not change them (403)`, async () => {
        await setRole(role);
        const seen = (await as().getBot({ id: owned.id })).bot;
        expect(seen.name).toBe('team bot');
        // Secrets are write-only below developer: the chat key, the bot's configuration, the signing secret.
        expect(seen.signingSecret).toBe('');
        expect(seen.configuration.data).toEqual({});
        expect(seen.integrations.webchat.configuration).toEqual({});
        expect(JSON.stringify(seen)).not.toMatch(/chat-key-secret|bot-config-secret/);
        expect(seen.integrations.webchat.webhookId).toBe(owned.integrations.webchat.webhookId);
        expect((await as().listBots({ tags: { kind: 'team' } })).bots.map((b) => b.id)).toContain(owned.id);
        await expectClientError(as().createBot({ name: 'by a viewer' }), ForbiddenError, 403, 'Forbidden');
        await expectClientError(as().updateBot({ id: owned.id, name: 'by a viewer' }), ForbiddenError, 403, 'Forbidden');
        await expectClientError(as().deleteBot({ id: owned.id }), ForbiddenError, 403, 'Forbidden');
        expect((await get(owned.id, otherAdmin)).name).toBe('team bot');
      });
    }

    it('lets a developer change bots and read their secrets', async () => {
      await setRole('developer');
      const seen = (await as().getBot({ id: owned.id })).bot;
      expect(seen.integrations.webchat.configuration).toEqual({ encryptionKey: 'chat-key-secret' });
      expect(seen.configuration.data).toEqual({ apiKey: 'bot-config-secret' });
      expect(seen.signingSecret).toBe(owned.signingSecret);
      const { bot } = await as().createBot({ name: 'by a developer' });
      expect((await as().updateBot({ id: bot.id, name: 'edited by a developer' })).bot.name).toBe('edited by a developer');
      expect((await get(bot.id, otherAdmin)).name).toBe('edited by a developer');
      await as().deleteBot({ id: bot.id });
      await expectClientError(otherAdmin.getBot({ id: bot.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });
  });

  describe('validation', () => {
    let bot: Bot;
    let stored: Bot;
    const headers = () => ({ authorization: `Bearer ${other.token}`, 'x-workspace-id': other.workspaceId });
    const botIds = async () => (await otherAdmin.list.bots({}).collect()).map((b) => b.id).sort();

    beforeAll(async () => {
      bot = (await otherAdmin.createBot({ ...fullBotInput(), name: 'validated' })).bot;
    });

    // Each test compares with the bot as it was when the test began.
    beforeEach(async () => {
      stored = await get(bot.id, otherAdmin);
    });

    /** After a refused request, the stored bot is exactly as it was. */
    const expectUnchanged = async () => expect(await get(bot.id, otherAdmin)).toEqual(stored);

    const wrongBodies: Array<[string, Record<string, unknown>]> = [
      ['name as a number', { name: 42 }],
      ['name over 200 characters', { name: 'n'.repeat(201) }],
      ['tags with a non-string value', { tags: { team: 7 } }],
      ['tags as an array', { tags: ['team'] }],
      ['url as a number', { url: 3 }],
      ['description as an object', { description: { text: 'x' } }],
      ['type not a bot type', { type: 'robot' }],
      ['maxExecutionTime out of range', { maxExecutionTime: 0 }],
      ['maxExecutionTime over the maximum', { maxExecutionTime: 901 }],
      ['configuration as a string', { configuration: 'x' }],
      ['events with a non-object definition', { events: { ping: 'x' } }],
      ['medias entry without a url', { medias: [{ name: 'logo' }] }],
      ['secrets with a non-string value', { secrets: { API_KEY: 1 } }],
      // null is a value only where the API gives it a meaning (a map entry to remove, the url).
      ['name as null', { name: null }],
      ['description as null', { description: null }],
      ['tags as null', { tags: null }],
      ['type as null', { type: null }],
      ['maxExecutionTime as null', { maxExecutionTime: null }],
      ['configuration as null', { configuration: null }],
      ['events as null', { events: null }],
      ['medias as null', { medias: null }],
      ['secrets as null', { secrets: null }],
      // The tag definition sections, configuration and subscriptions have a shape of their own.
      ['user tags as a string', { user: { tags: 'x' } }],
      ['user with an unknown property', { user: { tags: {}, colour: 'blue' } }],
      ['a conversation tag definition as a string', { conversation: { tags: { topic: 'x' } } }],
      ['message tags as an array', { message: { tags: ['lang'] } }],
      ['configuration.data as a string', { configuration: { data: 'x' } }],
      ['configuration.schema as an array', { configuration: { schema: [] } }],
      ['configuration with an unknown property', { configuration: { data: {}, extra: 1 } }],
      ['subscriptions.events as a string', { subscriptions: { events: 'x' } }],
      ['subscriptions with an unknown property', { subscriptions: { events: null, extra: 1 } }],
    ];

    describe('createBot', () => {
      const createOnly: Array<[string, Record<string, unknown>]> = [
        ['dev as a string', { dev: 'true' }],
        ['dev as null', { dev: null }],
      ];
      for (const [label, body] of [...wrongBodies, ...createOnly]) {
        it(`refuses ${label} with 400 and creates nothing`, async () => {
          const before = await botIds();
          await expectClientError(otherAdmin.createBot(body as never), InvalidPayloadError, 400, 'InvalidPayload');
          expect(await botIds()).toEqual(before);
        });
      }
    });

    describe('updateBot', () => {
      const updateOnly: Array<[string, Record<string, unknown>]> = [
        ['integrations as null', { integrations: null }],
        ['plugins as null', { plugins: null }],
        ['layers as null', { layers: null }],
        ['alwaysAlive as a string', { alwaysAlive: 'yes' }],
        ['blocked as a string', { blocked: 'no' }],
        ['authentication not a known scheme', { authentication: 'password' }],
      ];
      for (const [label, body] of [...wrongBodies, ...updateOnly]) {
        it(`refuses ${label} with 400 and changes nothing`, async () => {
          await expectClientError(otherAdmin.updateBot({ id: bot.id, ...body } as never), InvalidPayloadError, 400, 'InvalidPayload');
          await expectUnchanged();
        });
      }
    });

    describe('bodies the client never sends', () => {
      const send = (method: 'POST' | 'PUT', body: string, contentType = 'application/json') =>
        raw(method, method === 'POST' ? '/v1/admin/bots' : `/v1/admin/bots/${bot.id}`, {
          headers: { ...headers(), ...(contentType ? { 'content-type': contentType } : {}) },
          body,
        });

      it('accepts a well-formed body sent by hand (the control for the refusals below)', async () => {
        const res = await send('POST', JSON.stringify({ name: 'by hand' }), 'application/json; charset=utf-8');
        expect(res.status).toBe(200);
        expect(res.json.bot).toEqual(expect.objectContaining({ name: 'by hand' }));
        await otherAdmin.deleteBot({ id: res.json.bot.id });
      });

      it('refuses an unknown body property with 400 InvalidPayload', async () => {
        const before = await botIds();
        const created = await send('POST', JSON.stringify({ name: 'x', color: 'blue' }));
        expect(created.status).toBe(400);
        expectErrorBody(created.json, 400, 'InvalidPayload');
        expect(created.json.message).toContain('color');
        expect(await botIds()).toEqual(before);

        const updated = await send('PUT', JSON.stringify({ name: 'x', color: 'blue' }));
        expect(updated.status).toBe(400);
        expectErrorBody(updated.json, 400, 'InvalidPayload');
        expect(updated.json.message).toContain('color');
        await expectUnchanged();
      });

      it('refuses unknown properties inside nested objects', async () => {
        for (const body of [
          { medias: [{ url: 'https://cdn.example.test/a.png', name: 'a', size: 3 }] },
          { integrations: { webchat: { integrationId: 'chat', secret: 'x' } } },
          { id: randomUUID() },
          // dev is set on creation only: updateBot has no such property.
          { dev: true },
          { dev: 'true' },
        ]) {
          const res = await send('PUT', JSON.stringify(body));
          expect({ body, status: res.status }).toEqual({ body, status: 400 });
          expectErrorBody(res.json, 400, 'InvalidPayload');
        }
        await expectUnchanged();
      });

      it('refuses malformed JSON with 400', async () => {
        for (const method of ['POST', 'PUT'] as const) {
          const res = await send(method, '{"name": "broken",');
          expect(res.status).toBe(400);
          expectErrorBody(res.json, 400, 'InvalidPayload');
        }
        await expectUnchanged();
      });

      it('refuses a body that is JSON but not an object with 400', async () => {
        for (const body of ['[]', '[{"name":"x"}]', '"name"', '42', 'null', 'true']) {
          for (const method of ['POST', 'PUT'] as const) {
            const res = await send(method, body);
            expect({ body, method, status: res.status }).toEqual({ body, method, status: 400 });
            expectErrorBody(res.json, 400, 'InvalidPayload');
          }
        }
        await expectUnchanged();
      });

      it('refuses a body that is not application/json with 415', async () => {
        const before = await botIds();
        for (const [method, contentType] of [
          ['POST', 'text/plain'],
          ['PUT', 'text/plain'],
          ['PUT', 'application/x-www-form-urlencoded'],
          ['PUT', ''],
        ] as const) {
          const res = await send(method, JSON.stringify({ name: 'sneaky' }), contentType);
          expect({ method, contentType, status: res.status }).toEqual({ method, contentType, status: 415 });
          expectErrorBody(res.json, 415, 'UnsupportedMediaType');
        }
        expect(await botIds()).toEqual(before);
        await expectUnchanged();
      });

      it('refuses a route or method that does not exist with 404', async () => {
        for (const [method, path] of [
          ['GET', '/v1/admin/bots-and-more'],
          ['PATCH', `/v1/admin/bots/${bot.id}`],
        ] as const) {
          const res = await raw(method, path, { headers: headers() });
          expect(res.status).toBe(404);
          expectErrorBody(res.json, 404, 'ResourceNotFound');
        }
        await expectUnchanged();
      });
    });
  });
});
