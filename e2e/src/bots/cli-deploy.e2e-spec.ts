import { rmSync } from 'node:fs';
import { Client } from '@botpress/client';
import {
  allBotLogLines,
  botProcesses,
  bpDeploy,
  bpLogin,
  chatWithBot,
  client,
  defaultWorkspaceId,
  e2e,
  scratchFolder,
  sdk5BotProject,
  templateBotProject,
  until,
} from '@platform/testing';

/** An sdk 5.4.3 bot using what bots use: handlers, states, configuration, secrets and the logger. */
const SDK5_BOT = `
import * as sdk from '@botpress/sdk'

const bot = new sdk.Bot({ actions: {}, plugins: {} })

bot.on.message('*', async ({ message, client, ctx, logger }) => {
  const text = (message.payload as { text?: string }).text ?? ''
  const { state } = await client.getOrSetState({ type: 'conversation', id: message.conversationId, name: 'count', payload: { count: 0 } })
  const count = (state.payload as { count: number }).count + 1
  await client.setState({ type: 'conversation', id: message.conversationId, name: 'count', payload: { count } })
  logger.info('handled message number', count)
  const reply = [(ctx.configuration as { prefix?: string }).prefix ?? 'sdk5', text, 'count=' + count, 'secret=' + (process.env.SECRET_API_KEY ?? 'none')].join(' ')
  await client.createMessage({ conversationId: message.conversationId, userId: ctx.botId, tags: {}, type: 'text', payload: { text: reply } })
})

export default bot
`;

/**
 * A new user's path with the official CLI (`@botpress/cli` 0.8.59): log in against the
 * platform, deploy a bot project, talk to the bot through the chat API, redeploy, delete.
 */
describe('bp deploy: the platform runs deployed bots', () => {
  const { dir, home } = scratchFolder('cli-deploy');
  let admin: Client;

  beforeAll(async () => {
    const workspaceId = await defaultWorkspaceId();
    admin = client({ workspaceId });
    await bpLogin(home, e2e.url, e2e.token, workspaceId);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs the CLI's own bot template (sdk 0.10), replaces it on redeploy, and stops it when the bot is deleted", async () => {
    const project = await templateBotProject(dir, home, 'echo-bot', (source) =>
      source.replace('`You said: ${message.payload.text}`', '`${(ctx.configuration as any).greeting ?? "You said"}: ${message.payload.text}`'),
    );
    const botId = await bpDeploy(project, home, { createNewBot: true });
    // Configuration is set as a dashboard would: the bundle declares only its schema.
    await admin.updateBot({ id: botId, configuration: { data: { greeting: 'Hello' } } });
    const chat = await chatWithBot(admin, e2e.url, botId);
    expect(await chat.ask('first')).toBe('Hello: first');
    await chat.close();

    const { bot: before } = await admin.getBot({ id: botId });
    const v2 = await templateBotProject(`${dir}/v2`.replace(/\/v2$/, ''), home, 'echo-bot-v2', (source) =>
      source.replace('`You said: ${message.payload.text}`', '`v2 ${(ctx.configuration as any).greeting}: ${message.payload.text}`'),
    );
    await bpDeploy(v2, home, { botId });
    const { bot: after } = await admin.getBot({ id: botId });
    expect(after.deployedAt! > before.deployedAt!).toBe(true);
    // The configuration stays across redeploys; the CLI uninstalls integrations its bundle does not declare, as in the cloud.
    expect(after.configuration.data).toEqual({ greeting: 'Hello' });
    const again = await chatWithBot(admin, e2e.url, botId);
    expect(await again.ask('second')).toBe('v2 Hello: second');
    await again.close();

    // Log lines are written in batches: they reach getBotLogs within moments.
    const replaced = `Deployment of ${after.deployedAt} replaces the deployment of ${before.deployedAt}`;
    let messages: string[] = [];
    await until(async () => {
      messages = await allBotLogLines(admin, { id: botId, timeStart: before.createdAt });
      return messages.some((m) => m.includes(replaced));
    }, 10000).catch(() => undefined);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^info Received message/), expect.stringMatching(/^info text message sent/)]));
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining(replaced)]));

    expect(botProcesses(botId).length).toBeGreaterThan(0);
    await admin.deleteBot({ id: botId });
    await until(() => botProcesses(botId).length === 0, 10000);
  });

  it('runs a bot on sdk 5.4.3 built by the same CLI, with its states, configuration, secrets and logger', async () => {
    const project = sdk5BotProject(dir, 'sdk5-bot', SDK5_BOT);
    const botId = await bpDeploy(project, home, { createNewBot: true });
    await admin.updateBot({ id: botId, configuration: { data: { prefix: 'five' } }, secrets: { API_KEY: 'k-123' } });
    const chat = await chatWithBot(admin, e2e.url, botId);
    expect(await chat.ask('a')).toMatch(/^five a count=1 secret=/);
    // New secrets restart the process: they are there by the next events.
    await until(async () => (await chat.ask('b')).endsWith('secret=k-123'), 20000);
    await chat.close();
    const { bot } = await admin.getBot({ id: botId });
    expect(bot.secrets).toEqual(['API_KEY']);
    // The sdk logger's lines, with their level and conversation, reach getBotLogs within moments.
    await until(async () => {
      const lines = await allBotLogLines(admin, { id: botId, timeStart: bot.createdAt, conversationId: chat.conversationId });
      return lines.includes('info handled message number 2');
    }, 10000);
    await admin.deleteBot({ id: botId });
  });
});
