import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { handbookDocuments, handbookQuestion, markdownDocuments, uploadIndexed } from './knowledge-corpus';
import { Operation } from './load';

/** Conversations the writes under load are spread over: one per connection of the bench. */
const WRITERS = 16;

/**
 * Data the measured operations read, created through the public API with the official
 * clients, and the operations benched over it.
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
  // Writes under load go to a conversation per connection, as users each write in their own; one
  // operation keeps them all in one, whose writes take their turn (the README's `npm run bench`).
  const conversations = [conversation.id];
  while (conversations.length < WRITERS) conversations.push((await chat.createConversation({})).conversation.id);
  const asBot = { authorization: `Bearer ${token}`, 'x-bot-id': bot.id };
  const runtime = new Client({ apiUrl: baseUrl, token, botId: bot.id });
  for (let i = 0; i < 20; i++)
    await runtime.createMessage({ conversationId: conversation.id, userId: chat.user.id, type: 'text', payload: { text: `m${i}` }, tags: {} });
  await runtime.setState({ type: 'conversation', id: conversation.id, name: 'session', payload: { step: 1 } });
  await runtime.createTable({ name: 'benchTable', schema: { type: 'object', properties: { sku: { type: 'string' }, price: { type: 'number' } } } });
  await runtime.createTableRows({ table: 'benchTable', rows: Array.from({ length: 200 }, (_, i) => ({ sku: `sku-${i}`, price: i })) });
  // A handbook of 2,000 passages for searchFiles (the files case searches 10,000, one request at a time).
  await uploadIndexed(runtime, markdownDocuments(2000));
  // The same size of handbook with the word frequencies of real text, for a bot of its own.
  const { bot: handbookBot } = await admin.createBot({ name: 'bench handbook', tags: { purpose: 'bench' } });
  await uploadIndexed(new Client({ apiUrl: baseUrl, token, botId: handbookBot.id }), handbookDocuments(2000));

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
    {
      name: 'chat createMessage',
      method: 'POST',
      path: `/chat/${webhookId}/messages`,
      headers: { 'x-user-key': chat.user.key },
      body: { conversationId: conversation.id, payload: { type: 'text', text: 'hi' } },
      perConnection: conversations.map((conversationId) => ({
        path: `/chat/${webhookId}/messages`,
        body: { conversationId, payload: { type: 'text', text: 'hi' } },
      })),
    },
    {
      name: 'chat createMessage in one conversation',
      method: 'POST',
      path: `/chat/${webhookId}/messages`,
      headers: { 'x-user-key': chat.user.key },
      body: { conversationId: conversation.id, payload: { type: 'text', text: 'hi' } },
    },
    {
      name: 'runtime createMessage',
      method: 'POST',
      path: '/v1/chat/messages',
      headers: asBot,
      body: { conversationId: conversation.id, userId: chat.user.id, type: 'text', payload: { text: 'hi' }, tags: {} },
      perConnection: conversations.map((conversationId) => ({
        path: '/v1/chat/messages',
        body: { conversationId, userId: chat.user.id, type: 'text', payload: { text: 'hi' }, tags: {} },
      })),
    },
    {
      // What an integration does for each incoming message: the user it comes from, found by its tags.
      name: 'runtime getOrCreateUser',
      method: 'POST',
      path: '/v1/chat/users/get-or-create',
      headers: asBot,
      body: { tags: { externalId: 'bench' } },
    },
    {
      name: 'listMessages',
      method: 'GET',
      path: `/v1/chat/messages?conversationId=${conversation.id}`,
      headers: asBot,
    },
    {
      name: 'getState',
      method: 'GET',
      path: `/v1/chat/states/conversation/${conversation.id}/session`,
      headers: asBot,
    },
    {
      // What a bot does at each event: its conversation's state, there already.
      name: 'getOrSetState',
      method: 'POST',
      path: `/v1/chat/states/conversation/${conversation.id}/session/get-or-set`,
      headers: asBot,
      body: { payload: { step: 0 } },
    },
    {
      name: 'setState',
      method: 'POST',
      path: `/v1/chat/states/conversation/${conversation.id}/session`,
      headers: asBot,
      body: { payload: { step: 2 } },
      perConnection: conversations.map((conversationId) => ({
        path: `/v1/chat/states/conversation/${conversationId}/session`,
        body: { payload: { step: 2 } },
      })),
    },
    {
      name: 'findTableRows',
      method: 'POST',
      path: '/v1/tables/benchTable/rows/find',
      headers: asBot,
      body: { limit: 20, filter: { price: { $gte: 100 } } },
    },
    {
      // A search by word similarity (pg_trgm): every row's sku shares most of the term's trigrams, so all 200 match.
      name: 'findTableRows search',
      method: 'POST',
      path: '/v1/tables/benchTable/rows/find',
      headers: asBot,
      body: { limit: 20, search: 'sku-42' },
    },
    {
      // What a bot's knowledge lookup asks: a question of a few words, the best five passages.
      name: 'searchFiles',
      method: 'GET',
      path: `/v1/files/search?query=${encodeURIComponent('how do I get a refund for my travel expense')}&limit=5`,
      headers: asBot,
    },
    {
      // The same over a handbook whose words follow real text's frequencies: the question matches 7 % of it.
      name: 'searchFiles handbook',
      method: 'GET',
      path: `/v1/files/search?query=${encodeURIComponent(handbookQuestion())}&limit=5`,
      headers: { authorization: `Bearer ${token}`, 'x-bot-id': handbookBot.id },
    },
  ];
}
