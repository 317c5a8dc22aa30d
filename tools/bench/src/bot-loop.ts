import { createServer } from 'node:http';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { startEchoBotProcess } from '@platform/testing';

export interface BotLoopFigures {
  events: number;
  eventsPerSecond: number;
  /** Chat messages created per second during the same burst (the events' source). */
  createdPerSecond: number;
  /** Time between the last message created and its event delivered: delivery's lag behind ingest. */
  drainLagMs: number;
  roundTrips: number;
  roundTripP50Ms: number;
  roundTripP90Ms: number;
}

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const CONVERSATIONS = 32;
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 60);

async function chatBot(baseUrl: string, token: string, url: string) {
  const { workspaces } = await new Client({ apiUrl: baseUrl, token }).listWorkspaces({});
  const admin = new Client({ apiUrl: baseUrl, token, workspaceId: workspaces[0].id });
  const { bot } = await admin.createBot({ name: 'loop bench' });
  const { bot: updated } = await admin.updateBot({ id: bot.id, url, integrations: { webchat: { integrationId: 'chat' } } });
  return `${baseUrl}/chat/${updated.integrations.webchat.webhookId}`;
}

/**
 * Event delivery throughput to a bot that answers at once, and the time from a chat user's
 * createMessage to the bot's reply reaching that user's live listener.
 */
export async function measureBotLoop(baseUrl: string, token: string): Promise<BotLoopFigures> {
  // Throughput: a bot that only acknowledges.
  let delivered = 0;
  let allDelivered!: () => void;
  const done = new Promise<void>((resolve) => (allDelivered = resolve));
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200).end('{}');
      if (++delivered === EVENTS) allDelivered();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}/`;
  const apiUrl = await chatBot(baseUrl, token, sinkUrl);
  const users = await Promise.all(Array.from({ length: CONVERSATIONS }, () => ChatClient.connect({ apiUrl })));
  const conversations = await Promise.all(users.map((u) => u.createConversation({})));
  const started = Date.now();
  await Promise.all(
    users.map(async (user, i) => {
      for (let n = i; n < EVENTS; n += CONVERSATIONS) {
        await user.createMessage({ conversationId: conversations[i].conversation.id, payload: { type: 'text', text: `m${n}` } });
      }
    }),
  );
  const created = Date.now();
  await done;
  const finished = Date.now();
  const eventsPerSecond = EVENTS / ((finished - started) / 1000);
  const createdPerSecond = EVENTS / ((created - started) / 1000);
  sink.close();

  // Round trip through the example echo bot, run as people run it: its own process.
  const echo = await startEchoBotProcess({ API_URL: baseUrl, BOT_TOKEN: token });
  const timings = await roundTrips(await chatBot(baseUrl, token, echo.url), ROUND_TRIPS);
  await echo.stop();
  return {
    events: EVENTS,
    eventsPerSecond,
    createdPerSecond,
    drainLagMs: finished - created,
    roundTrips: ROUND_TRIPS,
    roundTripP50Ms: percentile(timings, 0.5),
    roundTripP90Ms: percentile(timings, 0.9),
  };
}

/** The value below which a share `p` of the sorted timings lie. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.floor(sorted.length * p)];
}

/**
 * Times from a chat user's createMessage to the bot's echo of it on that user's live listener,
 * one message at a time, sorted.
 */
export async function roundTrips(chatApiUrl: string, count: number): Promise<number[]> {
  const user = await ChatClient.connect({ apiUrl: chatApiUrl });
  const { conversation } = await user.createConversation({});
  const listener = await user.listenConversation({ id: conversation.id });
  const timings: number[] = [];
  for (let i = 0; i < count; i++) {
    const text = `ping ${i}`;
    const replied = new Promise<void>((resolve) => {
      const onMessage = (m: { isBot: boolean; payload: { text?: string } }) => {
        if (m.isBot && m.payload.text === text) {
          listener.off('message_created', onMessage as never);
          resolve();
        }
      };
      listener.on('message_created', onMessage as never);
    });
    const t0 = process.hrtime.bigint();
    await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text } });
    await replied;
    timings.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  await listener.disconnect();
  return timings.sort((a, b) => a - b);
}
