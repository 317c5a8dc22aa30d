import { createHash, randomUUID } from 'node:crypto';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { acceptInvitation, client, defaultWorkspaceId, e2e, expectClientError, expectErrorBody, ISO_MS, raw, secondAccount, sql } from '@platform/testing';

const forbidden = (call: Promise<unknown>) => expectClientError(call, ForbiddenError, 403, 'Forbidden');
const unauthorized = (call: Promise<unknown>) => expectClientError(call, UnauthorizedError, 401, 'Unauthorized');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('bot API keys (/v1/admin/bots/baks)', () => {
  let workspaceId: string;
  let admin: Client;
  let botId: string;
  let otherBotId: string;
  let other: { token: string; email: string; workspaceId: string };

  /** The runtime API as the holder of `token` acting on `bot`. */
  const runtimeAs = (token: string, bot = botId) => client({ token, botId: bot });

  beforeAll(async () => {
    workspaceId = await defaultWorkspaceId();
    admin = client({ workspaceId });
    [
      {
        bot: { id: botId },
      },
      {
        bot: { id: otherBotId },
      },
      other,
    ] = await Promise.all([admin.createBot({ name: 'bak bot' }), admin.createBot({ name: 'other bak bot' }), secondAccount()]);
  });

  describe('createBotApiKey, listBotApiKeys, deleteBotApiKey', () => {
    it('creates a key whose value is shown once, then lists it without its value', async () => {
      const before = Date.now();
      const created = await admin.createBotApiKey({ botId, note: 'deploy pipeline' });
      expect(created).toEqual({
        id: expect.stringMatching(/^bak_/),
        createdAt: expect.stringMatching(ISO_MS),
        note: 'deploy pipeline',
        value: expect.stringMatching(/^bp_bak_[A-Za-z0-9_-]{43}$/),
      });
      expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const { baks } = await admin.listBotApiKeys({ botId });
      expect(baks).toContainEqual({ id: created.id, createdAt: created.createdAt, note: 'deploy pipeline' });
      const res = await raw('GET', `/v1/admin/bots/baks?botId=${botId}`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId } });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(created.value);
      for (const bak of res.json.baks) expect(Object.keys(bak).sort()).toEqual(['createdAt', 'id', 'note']);
    });

    it('stores only the SHA-256 hash of the value', async () => {
      const { id, value } = await admin.createBotApiKey({ botId, note: 'hashed' });
      const rows = await sql<Record<string, unknown>>('SELECT * FROM "admin"."bot_api_keys" WHERE "id" = $1', [id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(sha256(value));
      expect(JSON.stringify(rows[0])).not.toContain(value);
    });

    it('gives each key its own value, and an empty note when none is given', async () => {
      const [one, two] = [await admin.createBotApiKey({ botId }), await admin.createBotApiKey({ botId })];
      expect(one.value).not.toBe(two.value);
      expect(one.id).not.toBe(two.id);
      expect(one.note).toBe('');
    });

    it('lists the keys of the bot asked for only, oldest first', async () => {
      const { bot } = await admin.createBot({ name: 'listed bak bot' });
      const first = await admin.createBotApiKey({ botId: bot.id, note: 'first' });
      const second = await admin.createBotApiKey({ botId: bot.id, note: 'second' });
      await admin.createBotApiKey({ botId: otherBotId, note: 'elsewhere' });
      expect((await admin.listBotApiKeys({ botId: bot.id })).baks.map((b) => b.id)).toEqual([first.id, second.id]);
    });

    it('deletes a key: it leaves the list and a second delete is 404', async () => {
      const { id } = await admin.createBotApiKey({ botId, note: 'to delete' });
      await expect(admin.deleteBotApiKey({ id })).resolves.toEqual({});
      expect((await admin.listBotApiKeys({ botId })).baks.map((b) => b.id)).not.toContain(id);
      const error = await notFound(admin.deleteBotApiKey({ id }));
      expect(error.message).toBe(`Bot API key '${id}' not found`);
    });

    it('is not mistaken for a bot: getBot, updateBot and deleteBot still reach /v1/admin/bots/:id', async () => {
      await expect(admin.getBot({ id: botId })).resolves.toMatchObject({ bot: { id: botId } });
      const res = await raw('GET', '/v1/admin/bots/baks', { headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId } });
      // Without its botId the list is refused: the route is the keys', not getBot('baks').
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(/botId/);
    });

    it('answers 404 for a bot that does not exist or is in another workspace', async () => {
      const unknown = randomUUID();
      expect((await notFound(admin.createBotApiKey({ botId: unknown }))).message).toBe(`Bot '${unknown}' not found`);
      await notFound(admin.listBotApiKeys({ botId: unknown }));
      const { bot: theirs } = await client({ token: other.token, workspaceId: other.workspaceId }).createBot({ name: 'their bot' });
      await notFound(admin.createBotApiKey({ botId: theirs.id }));
      await notFound(admin.listBotApiKeys({ botId: theirs.id }));
    });

    it.each([
      ['no botId', { note: 'x' }, /botId must be/],
      ['a numeric botId', { botId: 42 }, /botId must be a string/],
      ['a numeric note', { botId: 'b', note: 7 }, /note must be a string/],
      ['an unknown property', { botId: 'b', value: 'chosen' }, /property value should not exist/],
    ])('refuses a create body with %s (400, standard error body)', async (_, body, message) => {
      const res = await raw('POST', '/v1/admin/bots/baks', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(res.json.message).toMatch(message);
    });

    it('refuses to list without a botId', async () => {
      await expectClientError(admin.listBotApiKeys({} as never), InvalidPayloadError, 400, 'InvalidPayload');
    });
  });

  describe('a key on the runtime API', () => {
    it("acts for its bot on the bot's runtime API", async () => {
      const { value } = await admin.createBotApiKey({ botId, note: 'runtime' });
      const runtime = runtimeAs(value);
      const { event } = await runtime.createEvent({ type: 'bak_used', payload: { by: 'key' } });
      expect((await runtime.getEvent({ id: event.id })).event).toEqual(event);
      // What the key wrote is the bot's: its members see it with their own token.
      expect((await runtimeAs(e2e.token).getEvent({ id: event.id })).event).toEqual(event);
      const { state } = await runtime.setState({ type: 'bot', id: botId, name: 'bakState', payload: { ok: true } });
      expect(state.payload).toEqual({ ok: true });
    });

    it('is 403 on another bot, even of the same workspace', async () => {
      const { value } = await admin.createBotApiKey({ botId, note: 'scoped' });
      const error = await forbidden(runtimeAs(value, otherBotId).listEvents({}));
      expect(error.message).toMatch(otherBotId);
      await forbidden(runtimeAs(value, randomUUID()).listEvents({}));
      const res = await raw('GET', '/v1/chat/events', { headers: { authorization: `Bearer ${value}`, 'x-bot-id': otherBotId } });
      expect(res.status).toBe(403);
      expectErrorBody(res.json, 403, 'Forbidden');
    });

    it('is 401 once deleted, while the other keys of the bot keep working', async () => {
      const [doomed, kept] = [await admin.createBotApiKey({ botId, note: 'doomed' }), await admin.createBotApiKey({ botId, note: 'kept' })];
      await expect(runtimeAs(doomed.value).listEvents({})).resolves.toBeDefined();
      await admin.deleteBotApiKey({ id: doomed.id });
      await unauthorized(runtimeAs(doomed.value).listEvents({}));
      const res = await raw('GET', '/v1/chat/events', { headers: { authorization: `Bearer ${doomed.value}`, 'x-bot-id': botId } });
      expect(res.status).toBe(401);
      expectErrorBody(res.json, 401, 'Unauthorized');
      await expect(runtimeAs(kept.value).listEvents({})).resolves.toBeDefined();
    });

    it('is 401 once its bot is deleted', async () => {
      const { bot } = await admin.createBot({ name: 'short-lived bot' });
      const { value } = await admin.createBotApiKey({ botId: bot.id });
      await expect(runtimeAs(value, bot.id).listEvents({})).resolves.toBeDefined();
      await admin.deleteBot({ id: bot.id });
      await unauthorized(runtimeAs(value, bot.id).listEvents({}));
    });

    it('is not a credential for the admin API', async () => {
      const { value } = await admin.createBotApiKey({ botId, note: 'not admin' });
      await unauthorized(client({ token: value, workspaceId }).listBots({}));
      await unauthorized(client({ token: value, workspaceId }).listBotApiKeys({ botId }));
      await unauthorized(client({ token: value, workspaceId }).createBotApiKey({ botId }));
    });
  });

  describe('roles', () => {
    let membership: string | undefined;

    /** Makes the second account a member of the default workspace with this role, as its owner would. */
    async function joinAs(role: 'viewer' | 'developer'): Promise<void> {
      if (membership) await admin.updateWorkspaceMember({ id: membership, role });
      else {
        membership = (await admin.createWorkspaceMember({ email: other.email, role })).id;
        await acceptInvitation(other.token, membership);
      }
    }

    const asOther = () => client({ token: other.token, workspaceId });

    it('refuses every operation (403) to an account that is not a member of the workspace', async () => {
      const { id } = await admin.createBotApiKey({ botId, note: 'not theirs' });
      await forbidden(asOther().createBotApiKey({ botId, note: 'intruder' }));
      await forbidden(asOther().listBotApiKeys({ botId }));
      await forbidden(asOther().deleteBotApiKey({ id }));
      expect((await admin.listBotApiKeys({ botId })).baks.map((b) => b.note)).not.toContain('intruder');
      expect((await admin.listBotApiKeys({ botId })).baks.map((b) => b.id)).toContain(id);
    });

    it('needs the developer role: a viewer is refused, a developer is let through', async () => {
      const { id } = await admin.createBotApiKey({ botId, note: 'for roles' });
      await joinAs('viewer');
      try {
        expect((await forbidden(asOther().createBotApiKey({ botId }))).message).toMatch(/developer/);
        await forbidden(asOther().listBotApiKeys({ botId }));
        await forbidden(asOther().deleteBotApiKey({ id }));

        await joinAs('developer');
        const created = await asOther().createBotApiKey({ botId, note: 'by a developer' });
        expect((await asOther().listBotApiKeys({ botId })).baks.map((b) => b.id)).toContain(created.id);
        await expect(asOther().deleteBotApiKey({ id: created.id })).resolves.toEqual({});
      } finally {
        if (membership) await admin.deleteWorkspaceMember({ id: membership });
        membership = undefined;
      }
    });
  });
});
