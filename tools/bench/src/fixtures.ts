import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { Operation } from './load';

/**
 * Data the measured operations read, created through the public API with the official
 * clients, and the four operations of the mesh issue over it.
 */
export async function prepareOperations(baseUrl: string, token: string): Promise<Operation[]> {
  const base = new Client({ apiUrl: baseUrl, token });
  const { workspaces } = await base.listWorkspaces({});
  const workspaceId = workspaces[0].id;
  const admin = new Client({ apiUrl: baseUrl, token, workspaceId });
  const { bot } = await admin.createBot({ name: 'bench bot', tags: { purpose: 'bench' } });
  for (let i = 0; i < 30; i++) await admin.createBot({ name: `filler ${i}`, tags: { purpose: 'bench' } });
  const { bot: withChat } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat', enabled: true } } });
  const webhookId = withChat.integrations.webchat.webhookId;
  const chat = await ChatClient.connect({ apiUrl: `${baseUrl}/chat/${webhookId}` });
  const { conversation } = await chat.createConversation({});
  const { message } = await chat.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'hello' } });

  return [
    {
      name: 'configureIntegration',
      method: 'POST',
      path: '/v1/chat/integrations/configure',
      headers: { authorization: `Bearer ${token}`, 'x-bot-id': bot.id, 'x-integration-alias': 'webchat' },
      body: { identifier: 'bench', scheduleRegisterCall: 'daily' },
    },
    {
      name: 'getOrCreateUser',
      method: 'POST',
      path: `/chat/${webhookId}/users/get-or-create`,
      headers: { 'x-user-key': chat.user.key },
      body: {},
    },
    {
      name: 'getMessage',
      method: 'GET',
      path: `/chat/${webhookId}/messages/${message.id}`,
      headers: { 'x-user-key': chat.user.key },
    },
    {
      name: 'listBots',
      method: 'GET',
      path: '/v1/admin/bots?pageSize=20&tags.purpose=bench',
      headers: { authorization: `Bearer ${token}`, 'x-workspace-id': workspaceId },
    },
  ];
}
