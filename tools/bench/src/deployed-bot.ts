import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { botProcesses, bp, freePort, repositoryRoot, rssMb, scratchFolder, sdk5BotProject, sleep } from '@platform/testing';
import { percentile, roundTrips } from './bot-loop';

/** An echo bot on `@botpress/sdk` 5.4.3: it answers each text with the same text. */
const ECHO_BOT = `
import * as sdk from '@botpress/sdk'
const bot = new sdk.Bot({ actions: {}, plugins: {} })
bot.on.message('*', async ({ message, client, ctx }) => {
  const text = (message.payload as { text?: string }).text ?? ''
  await client.createMessage({ conversationId: message.conversationId, userId: ctx.botId, tags: {}, type: 'text', payload: { text } })
})
export default bot
`;

const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 60);
const IDLE_BOTS = Number(process.env.BENCH_IDLE_BOTS ?? 5);

export interface DeployedBotFigures {
  coldStartMs: number;
  deployedP50Ms: number;
  deployedP90Ms: number;
  servedP50Ms: number;
  servedP90Ms: number;
  idleBotRssMb: number;
}

/**
 * One bundle built by `bp build`, run two ways: deployed (`updateBot({ code })`, run by the bots
 * service) and served over HTTP by `bp serve` (`updateBot({ url })`); the chat round trip of
 * each, the cold start of a deployment, and the memory of an idle deployed bot.
 */
export async function measureDeployedBot(baseUrl: string, token: string): Promise<DeployedBotFigures> {
  const { dir, home } = scratchFolder('bench');
  const project = sdk5BotProject(dir, 'bench-echo', ECHO_BOT);
  await bp(['build'], { cwd: project, home });
  const code = readFileSync(join(project, '.botpress', 'dist', 'index.js'), 'utf8');
  const { workspaces } = await new Client({ apiUrl: baseUrl, token }).listWorkspaces({});
  const admin = new Client({ apiUrl: baseUrl, token, workspaceId: workspaces[0].id });
  const chatBot = async (name: string) => {
    const { bot } = await admin.createBot({ name });
    const { bot: installed } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat', enabled: true } } });
    return { botId: bot.id, chatApiUrl: `${baseUrl}/chat/${installed.integrations.webchat.webhookId}` };
  };
  let served: ChildProcess | undefined;
  try {
    // Cold start: from the deployment's answer to the reply to a message sent right after it.
    const deployed = await chatBot('bench deployed');
    const user = await ChatClient.connect({ apiUrl: deployed.chatApiUrl });
    const { conversation } = await user.createConversation({});
    const listener = await user.listenConversation({ id: conversation.id });
    const replied = new Promise<void>((resolve) => listener.on('message_created', (m) => m.isBot && resolve()));
    const started = Date.now();
    await admin.updateBot({ id: deployed.botId, code });
    await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'cold' } });
    await replied;
    const coldStartMs = Date.now() - started;
    await listener.disconnect();
    const deployedTimings = await roundTrips(deployed.chatApiUrl, ROUND_TRIPS);

    // The same bundle served by `bp serve`, with a bot API key as its token.
    const viaUrl = await chatBot('bench served');
    const { value } = await admin.createBotApiKey({ botId: viaUrl.botId, note: 'bench' });
    const port = await freePort();
    served = spawn(process.execPath, [join(repositoryRoot(), 'node_modules', '@botpress', 'cli', 'bin.js'), 'serve', '--port', String(port)], {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: home, BP_API_URL: baseUrl, BP_TOKEN: value },
      stdio: 'ignore',
    });
    await waitListening(port);
    await admin.updateBot({ id: viaUrl.botId, url: `http://127.0.0.1:${port}/` });
    const servedTimings = await roundTrips(viaUrl.chatApiUrl, ROUND_TRIPS);

    // Memory: bots deployed and answered once, then idle.
    const idle: string[] = [];
    for (let i = 0; i < IDLE_BOTS; i++) {
      const bot = await chatBot(`bench idle ${i}`);
      await admin.updateBot({ id: bot.botId, code });
      await roundTrips(bot.chatApiUrl, 1);
      idle.push(bot.botId);
    }
    await sleep(2000);
    const rss = idle.flatMap((botId) => botProcesses(botId)).map(rssMb);
    return {
      coldStartMs,
      deployedP50Ms: percentile(deployedTimings, 0.5),
      deployedP90Ms: percentile(deployedTimings, 0.9),
      servedP50Ms: percentile(servedTimings, 0.5),
      servedP90Ms: percentile(servedTimings, 0.9),
      idleBotRssMb: rss.reduce((a, b) => a + b, 0) / rss.length,
    };
  } finally {
    served?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitListening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await sleep(100);
  }
  throw new Error('bp serve did not listen');
}
