import { createServer } from 'node:http';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { startEchoBotProcess } from '@platform/testing';
import { startCpuCount } from './cpu-time';
import { send } from './load';

export interface BotLoopFigures {
  events: number;
  eventsPerSecond: number;
  /** Chat messages created per second during the same burst (the events' source). */
  createdPerSecond: number;
  /** Time between the last message created and its event delivered: delivery's lag behind ingest. */
  drainLagMs: number;
  /** Events per second delivered from a backlog, with no messages being written meanwhile. */
  backlogEventsPerSecond: number;
  /** The same for a backlog spread one event per conversation over `spread` conversations. */
  spread: number;
  spreadEventsPerSecond: number;
  roundTrips: number;
  roundTripP50Ms: number;
  roundTripP90Ms: number;
  roundTripP99Ms: number;
  /** Chat turns (a message, then the bot's reply on the user's listener) per second, 32 users each taking turns with the echo bot at once. */
  turnsPerSecond: number;
  turns: number;
  turnP50Ms: number;
  turnP99Ms: number;
  /** CPU milliseconds per turn, by process (the bench's own: its 32 users; the echo bot's: its process). */
  turnCpuMs: Record<string, number>;
  /** CPU milliseconds per event while ingesting, by process (the bench's own: its 32 users and the bot). */
  ingestCpuMsPerEvent: Record<string, number>;
  /** CPU milliseconds per event while the backlog drains (delivery alone; the bench's own: the bot). */
  backlogCpuMsPerEvent: Record<string, number>;
  /** The same while the spread backlog drains. */
  spreadCpuMsPerEvent: Record<string, number>;
}

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const CONVERSATIONS = 32;
/** Conversations of the spread backlog, one event in each (BENCH_SPREAD): a bot back after many users wrote to it once. */
const SPREAD = Number(process.env.BENCH_SPREAD ?? 2000);
/**
 * Events of the first burst, not measured (BENCH_WARM_UP_EVENTS). After 1,000 the processes were
 * still warming: measured beside a burst of 6,000, in turns (3 rounds), the ingest that follows
 * cost 0.33-0.37 ms of gateway CPU per event instead of 0.22-0.26, and 0.81-0.92 of the runtime's
 * instead of 0.63-0.67.
 */
const WARM_UP_EVENTS = Number(process.env.BENCH_WARM_UP_EVENTS ?? 6000);
/** Enough round trips for a p99 that is not just the slowest one. */
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 300);
/** Turns each of the `CONVERSATIONS` users takes with the echo bot, all at once. */
const TURNS_PER_USER = Number(process.env.BENCH_TURNS ?? 20);

async function chatBot(baseUrl: string, token: string, url?: string) {
  const { workspaces } = await new Client({ apiUrl: baseUrl, token }).listWorkspaces({});
  const admin = new Client({ apiUrl: baseUrl, token, workspaceId: workspaces[0].id });
  const { bot } = await admin.createBot({ name: 'loop bench' });
  const { bot: updated } = await admin.updateBot({ id: bot.id, ...(url ? { url } : {}), integrations: { webchat: { integrationId: 'chat' } } });
  return { chatApiUrl: `${baseUrl}/chat/${updated.integrations.webchat.webhookId}`, setUrl: (to: string) => admin.updateBot({ id: bot.id, url: to }) };
}

/** A bot that only acknowledges, counting the events it receives. */
async function sinkBot(expected: number) {
  let delivered = 0;
  let allDelivered!: () => void;
  const done = new Promise<void>((resolve) => (allDelivered = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200).end('{}');
      if (++delivered === expected) allDelivered();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, done, close: () => server.close() };
}

/**
 * `events` chat messages from `CONVERSATIONS` users, each writing to their own conversation one
 * message at a time. The users and their conversations are made with the official client; the
 * messages are sent by autocannon, as in the operations case, whose own CPU per request is a
 * fraction of the client's, so the load takes less of the machine from the platform it measures.
 */
async function ingest(chatApiUrl: string, events = EVENTS): Promise<void> {
  const users = await Promise.all(Array.from({ length: CONVERSATIONS }, () => ChatClient.connect({ apiUrl: chatApiUrl })));
  const conversations = await Promise.all(users.map((u) => u.createConversation({})));
  const { origin, pathname } = new URL(`${chatApiUrl}/messages`);
  const sent = await send(
    origin,
    {
      name: 'chat createMessage',
      method: 'POST',
      path: pathname,
      headers: {},
      perConnection: users.map((user, i) => ({
        path: pathname,
        headers: { 'x-user-key': user.user.key },
        body: { conversationId: conversations[i].conversation.id, payload: { type: 'text', text: 'hello' } },
      })),
    },
    CONVERSATIONS,
    events,
  );
  if (sent.failures > 0 || sent.requests !== events) throw new Error(`${sent.failures} of ${sent.requests} chat messages failed while ingesting`);
}

/** One message from each of `conversations` new users, each in a conversation of their own, written `CONVERSATIONS` at a time. */
async function ingestSpread(chatApiUrl: string, conversations: number): Promise<void> {
  let started = 0;
  const writer = async () => {
    while (started < conversations) {
      started++;
      const user = await ChatClient.connect({ apiUrl: chatApiUrl });
      const { conversation } = await user.createConversation({});
      await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'hello' } });
    }
  };
  await Promise.all(Array.from({ length: CONVERSATIONS }, writer));
}

/**
 * A backlog written by `write` while the bot had no url, drained once it has one: events per
 * second, and CPU milliseconds per event by process.
 */
async function drainBacklog(
  baseUrl: string,
  token: string,
  pids: Record<string, number>,
  events: number,
  write: (chatApiUrl: string) => Promise<void>,
): Promise<{ perSecond: number; cpuMsPerEvent: Record<string, number> }> {
  const sink = await sinkBot(events);
  const parked = await chatBot(baseUrl, token);
  await write(parked.chatApiUrl);
  // Every lane has been looked at and set aside for want of a url before the url comes.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpu = countCpu(pids);
  const started = Date.now();
  await parked.setUrl(sink.url);
  await sink.done;
  const drainMs = Date.now() - started;
  const cpuMsPerEvent = cpu(events);
  sink.close();
  return { perSecond: events / (drainMs / 1000), cpuMsPerEvent };
}

/**
 * Event delivery throughput to a bot that answers at once (while the messages are being written,
 * and alone: a backlog written while the bot had no url, drained once it has one), and the time
 * from a chat user's createMessage to the bot's reply reaching that user's live listener.
 */
export async function measureBotLoop(baseUrl: string, token: string, pids: Record<string, number>): Promise<BotLoopFigures> {
  // A first burst, not measured, so that what follows runs on warm processes (compiled code, open connections), as a platform that has been up for a while does.
  const warmUp = await sinkBot(WARM_UP_EVENTS);
  await ingest((await chatBot(baseUrl, token, warmUp.url)).chatApiUrl, WARM_UP_EVENTS);
  await warmUp.done;
  warmUp.close();

  // Throughput while ingesting: a bot that only acknowledges.
  const sink = await sinkBot(EVENTS);
  const live = await chatBot(baseUrl, token, sink.url);
  const ingestCpu = countCpu(pids);
  const started = Date.now();
  await ingest(live.chatApiUrl);
  const created = Date.now();
  await sink.done;
  const finished = Date.now();
  const ingestCpuMsPerEvent = ingestCpu(EVENTS);
  sink.close();

  // Delivery alone: a backlog in a few long lanes, then one spread over many lanes of one event.
  const backlog = await drainBacklog(baseUrl, token, pids, EVENTS, (chatApiUrl) => ingest(chatApiUrl));
  const spread = await drainBacklog(baseUrl, token, pids, SPREAD, (chatApiUrl) => ingestSpread(chatApiUrl, SPREAD));

  // Round trip through the example echo bot, run as people run it: its own process.
  const echo = await startEchoBotProcess({ API_URL: baseUrl, BOT_TOKEN: token });
  const echoChat = (await chatBot(baseUrl, token, echo.url)).chatApiUrl;
  const timings = await roundTrips(echoChat, ROUND_TRIPS);
  // Chats as people have them, many at once: each user writes, waits for the answer, writes again.
  const turnCpu = countCpu(pids, { 'echo bot': echo.pid });
  const turnsStarted = Date.now();
  const turnTimings = (await Promise.all(Array.from({ length: CONVERSATIONS }, () => roundTrips(echoChat, TURNS_PER_USER)))).flat().sort((a, b) => a - b);
  const turnsMs = Date.now() - turnsStarted;
  const turnCpuMs = turnCpu(turnTimings.length);
  await echo.stop();
  return {
    events: EVENTS,
    eventsPerSecond: EVENTS / ((finished - started) / 1000),
    createdPerSecond: EVENTS / ((created - started) / 1000),
    drainLagMs: finished - created,
    backlogEventsPerSecond: backlog.perSecond,
    spread: SPREAD,
    spreadEventsPerSecond: spread.perSecond,
    roundTrips: ROUND_TRIPS,
    roundTripP50Ms: percentile(timings, 0.5),
    roundTripP90Ms: percentile(timings, 0.9),
    roundTripP99Ms: percentile(timings, 0.99),
    turns: turnTimings.length,
    turnsPerSecond: turnTimings.length / (turnsMs / 1000),
    turnP50Ms: percentile(turnTimings, 0.5),
    turnP99Ms: percentile(turnTimings, 0.99),
    turnCpuMs,
    ingestCpuMsPerEvent,
    backlogCpuMsPerEvent: backlog.cpuMsPerEvent,
    spreadCpuMsPerEvent: spread.cpuMsPerEvent,
  };
}

/**
 * Starts counting the CPU of the platform's processes, the bench's own and `others` (name → pid),
 * and of the servers here; the function it answers gives each one's milliseconds per unit of work since.
 */
function countCpu(pids: Record<string, number>, others: Record<string, number> = {}): (units: number) => Record<string, number> {
  const since = startCpuCount({ ...pids, bench: process.pid, ...others });
  return (units) => {
    const { processes, servers } = since(units);
    return { ...processes, ...servers };
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
