import { Client as ChatClient } from '@botpress/chat';
import { createChatBot, raw } from '@platform/testing';

/** Chat replicas cache webhooks; a change made through the admin API must apply at once. */
describe('webhook changes reach the chat service at once', () => {
  const hello = (webhookId: string) => raw('GET', `/chat/${webhookId}/hello`);

  it('stops serving a webhook right after its integration is uninstalled', async () => {
    const bot = await createChatBot();
    expect((await hello(bot.webhookId)).status).toBe(200);
    await bot.admin.updateBot({ id: bot.botId, integrations: { webchat: null } });
    expect((await hello(bot.webhookId)).status).toBe(404);
  });

  it('stops serving a webhook right after its integration is disabled or its bot deleted', async () => {
    const disabled = await createChatBot();
    expect((await hello(disabled.webhookId)).status).toBe(200);
    await disabled.admin.updateBot({ id: disabled.botId, integrations: { webchat: { enabled: false } } });
    expect((await hello(disabled.webhookId)).status).toBe(404);

    const deleted = await createChatBot();
    expect((await hello(deleted.webhookId)).status).toBe(200);
    await deleted.admin.deleteBot({ id: deleted.botId });
    expect((await hello(deleted.webhookId)).status).toBe(404);
  });

  it('refuses keys signed with the old encryption key right after it changes', async () => {
    const bot = await createChatBot({ encryptionKey: 'first-key-123456' });
    const user = await ChatClient.connect({ apiUrl: bot.chatApiUrl, encryptionKey: 'first-key-123456', userId: 'rotating-user' });
    await bot.admin.updateBot({ id: bot.botId, integrations: { webchat: { configuration: { encryptionKey: 'second-key-123456' } } } });
    await expect(user.getUser({})).rejects.toMatchObject({ code: 401 });
    const again = await ChatClient.connect({ apiUrl: bot.chatApiUrl, encryptionKey: 'second-key-123456', userId: 'rotating-user' });
    expect(again.user.id).toBe('rotating-user');
  });

  it("ends the live streams of a deleted bot's conversations", async () => {
    const bot = await createChatBot();
    const user = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    const { conversation } = await user.createConversation({});
    const listener = await user.listenConversation({ id: conversation.id });
    const ended = new Promise<void>((resolve) => listener.on('error', () => resolve()));
    await bot.admin.deleteBot({ id: bot.botId });
    await ended;
    expect(listener.status).toBe('disconnected');
  });
});
