import { randomBytes } from 'node:crypto';
import { ChatBot, client, createChatBot, defaultWorkspaceId, e2e, expectErrorBody, raw, sql } from '@platform/testing';

/** `Idempotency-Key` on operations that create (docs/contracts.md, "Idempotency"). */
describe('Idempotency-Key', () => {
  let bot: ChatBot;
  let conversationId: string;
  let workspaceId: string;
  const newKey = () => `key-${randomBytes(8).toString('hex')}`;
  const runtimeHeaders = (key?: string) => ({
    authorization: `Bearer ${e2e.token}`,
    'x-bot-id': bot.botId,
    'content-type': 'application/json',
    ...(key ? { 'idempotency-key': key } : {}),
  });
  const createMessage = (key: string | undefined, text: string) =>
    raw('POST', '/v1/chat/messages', {
      headers: runtimeHeaders(key),
      body: JSON.stringify({ conversationId, userId: bot.botId, type: 'text', payload: { text }, tags: {} }),
    });
  const messagesSaying = async (text: string) =>
    Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM runtime.messages WHERE bot_id = $1 AND payload->>'text' = $2`, [bot.botId, text]))[0].n);

  beforeAll(async () => {
    bot = await createChatBot();
    conversationId = (await bot.runtime.createConversation({ channel: 'channel', tags: {} })).conversation.id;
    workspaceId = await defaultWorkspaceId();
  });

  it('answers a retry with the first answer and creates nothing more', async () => {
    const key = newKey();
    const first = await createMessage(key, 'once only');
    const again = await createMessage(key, 'once only');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await messagesSaying('once only')).toBe(1);
    // Without a key, every request creates.
    await createMessage(undefined, 'twice');
    await createMessage(undefined, 'twice');
    expect(await messagesSaying('twice')).toBe(2);
  });

  it('serves concurrent requests under one key once: one does the work, the others wait or get its answer', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createMessage(key, 'racing')));
    const done = answers.filter((a) => a.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const a of done) expect(a.json.message.id).toBe(done[0].json.message.id);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(409);
      expectErrorBody(a.json, 409, 'ResourceLockedConflict');
    }
    expect(await messagesSaying('racing')).toBe(1);
  });

  it('refuses the same key with a different request (400), creating nothing', async () => {
    const key = newKey();
    await createMessage(key, 'first body');
    const other = await createMessage(key, 'second body');
    expect(other.status).toBe(400);
    expectErrorBody(other.json, 400, 'InvalidPayload');
    expect(other.json.message).toMatch(/Idempotency-Key was used with a different request/);
    expect(await messagesSaying('second body')).toBe(0);
  });

  it('keeps the first refusal too: a retry of a refused request is refused alike', async () => {
    const key = newKey();
    const body = JSON.stringify({ conversationId: 'conv_unknown', userId: bot.botId, type: 'text', payload: { text: 'x' }, tags: {} });
    const first = await raw('POST', '/v1/chat/messages', { headers: runtimeHeaders(key), body });
    const again = await raw('POST', '/v1/chat/messages', { headers: runtimeHeaders(key), body });
    expect(first.status).toBe(404);
    expect({ status: again.status, type: again.json.type, message: again.json.message }).toEqual({
      status: 404,
      type: first.json.type,
      message: first.json.message,
    });
  });

  it('scopes keys to the caller: another bot with the same key creates its own', async () => {
    const key = newKey();
    const mine = await createMessage(key, 'scoped');
    const other = await createChatBot();
    const otherConversation = (await other.runtime.createConversation({ channel: 'channel', tags: {} })).conversation.id;
    const theirs = await raw('POST', '/v1/chat/messages', {
      headers: { ...runtimeHeaders(key), 'x-bot-id': other.botId },
      body: JSON.stringify({ conversationId: otherConversation, userId: other.botId, type: 'text', payload: { text: 'scoped' }, tags: {} }),
    });
    expect(theirs.status).toBe(200);
    expect(theirs.json.message.id).not.toBe(mine.json.message.id);
  });

  it('protects admin creations: one bot for a retried createBot', async () => {
    const key = newKey();
    const name = `idempotent-${key}`;
    const send = () =>
      raw('POST', '/v1/admin/bots', {
        headers: { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': workspaceId, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name }),
      });
    const [first, again] = [await send(), await send()];
    expect(again.json.bot.id).toBe(first.json.bot.id);
    const bots = await client({ workspaceId }).list.bots({}).collect();
    expect(bots.filter((b) => b.name === name)).toHaveLength(1);
  });

  it('protects chat creations, the key travelling on to the runtime', async () => {
    const user = await raw('POST', `/chat/${bot.webhookId}/users`, { headers: { 'content-type': 'application/json' }, body: '{}' });
    const userKey = user.json.key as string;
    const conversation = await raw('POST', `/chat/${bot.webhookId}/conversations`, {
      headers: { 'content-type': 'application/json', 'x-user-key': userKey },
      body: '{}',
    });
    const key = newKey();
    const send = () =>
      raw('POST', `/chat/${bot.webhookId}/messages`, {
        headers: { 'content-type': 'application/json', 'x-user-key': userKey, 'idempotency-key': key },
        body: JSON.stringify({ conversationId: conversation.json.conversation.id, payload: { type: 'text', text: 'chat once' } }),
      });
    const [first, again] = [await send(), await send()];
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await messagesSaying('chat once')).toBe(1);
  });

  it('refuses a malformed key with 400', async () => {
    for (const key of ['has space', 'x'.repeat(256)]) {
      const res = await createMessage(key, 'bad key');
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    expect(await messagesSaying('bad key')).toBe(0);
  });
});
