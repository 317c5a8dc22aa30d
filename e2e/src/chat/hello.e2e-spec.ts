import { randomUUID } from 'node:crypto';
import { ChatClientError, Client as ChatClient } from '@botpress/chat';
import { createChatBot, e2e, expectErrorBody, raw } from '@platform/testing';

describe('GET {chat_url}/{webhookId}/hello', () => {
  it('answers 200 for the webhook of an installed chat integration', async () => {
    const bot = await createChatBot();
    const res = await raw('GET', `/chat/${bot.webhookId}/hello`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
  });

  it('answers 200 on the path the official client calls (trailing slash), with no user key', async () => {
    const bot = await createChatBot();
    const res = await raw('GET', `/chat/${bot.webhookId}/hello/`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['an unknown webhook id', randomUUID()],
    ['a webhook id that is not a uuid', 'not-a-webhook'],
  ])('answers 404 ResourceNotFound for %s', async (_, webhookId) => {
    const res = await raw('GET', `/chat/${webhookId}/hello`);
    expect(res.status).toBe(404);
    expectErrorBody(res.json, 404, 'ResourceNotFound');
    expect(res.json.message).toContain(webhookId);
  });

  it('answers 400 for a webhook id holding U+0000', async () => {
    const res = await raw('GET', '/chat/webhook%00/hello');
    expect(res.status).toBe(400);
    expectErrorBody(res.json, 400, 'InvalidPayload');
  });

  it('answers 404 for the webhook of a disabled chat integration', async () => {
    const bot = await createChatBot();
    await bot.admin.updateBot({ id: bot.botId, integrations: { webchat: { enabled: false } } });
    const res = await raw('GET', `/chat/${bot.webhookId}/hello`);
    expect(res.status).toBe(404);
    expectErrorBody(res.json, 404, 'ResourceNotFound');
  });

  it('answers 404 for the webhook of a removed chat integration', async () => {
    const bot = await createChatBot();
    await bot.admin.updateBot({ id: bot.botId, integrations: { webchat: null } });
    const res = await raw('GET', `/chat/${bot.webhookId}/hello`);
    expect(res.status).toBe(404);
    expectErrorBody(res.json, 404, 'ResourceNotFound');
  });

  it('answers 404 on every operation of an unknown webhook', async () => {
    const webhookId = randomUUID();
    const createUser = await raw('POST', `/chat/${webhookId}/users`, { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(createUser.status).toBe(404);
    expectErrorBody(createUser.json, 404, 'ResourceNotFound');
    const getUser = await raw('GET', `/chat/${webhookId}/users/me`, { headers: { 'x-user-key': 'a.b.c' } });
    expect(getUser.status).toBe(404);
    expectErrorBody(getUser.json, 404, 'ResourceNotFound');
  });

  it('lets the official client connect to a known webhook and refuses an unknown one', async () => {
    const bot = await createChatBot();
    const connected = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    expect(connected.user.id).toEqual(expect.any(String));

    const error = await ChatClient.connect({ apiUrl: `${e2e.chatUrl}/${randomUUID()}` }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error).toBeInstanceOf(ChatClientError);
    expect(error!.message).toMatch(/Failed to connect/);
    expect(error!.message).toMatch(/404/);
  });
});
