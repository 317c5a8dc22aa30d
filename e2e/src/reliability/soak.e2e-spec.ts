import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { fakeBot, FakeBot, OwnMesh, rssMb, sleep, startOwnMesh, until } from '@platform/testing';
import { ownChatBot } from './writers';

/**
 * The bot loop kept busy for `SOAK_SECONDS` on a mesh of its own: chat users each writing to
 * their conversation one message after another, a bot that fails every 29th delivery and answers
 * every fourth message, and the runtime's two replicas replaced in turns the way a rolling deploy
 * does (a new one started, the old one stopped with SIGTERM). All along, no write fails (the
 * users' nor the bot's), every message written reaches the bot, each conversation's in the order
 * written, every answer reaches its user's live listener in the order written, and no process
 * the soak does not replace keeps growing in memory. `npm run soak` runs ten minutes; the suite a
 * short while.
 */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 20);
const USERS = Number(process.env.SOAK_USERS ?? 16);
/** A user's pause between two messages: a steady load, below what the machine can take, so that what is measured is the platform kept busy for long, not saturated. */
const PAUSE_MS = 40;
/** The bot answers every this many messages of a user (their number in the conversation). */
const ANSWER_EVERY = 4;
/** Replacements of a runtime replica in the run, evenly spaced (at least one a minute in a long run). */
const REPLACEMENTS = Math.max(2, Math.ceil(SOAK_SECONDS / 60));
/** Memory is judged only over a run long enough for it to level off after warming up. */
const MEMORY_JUDGED_FROM_S = 120;

interface Written {
  id: string;
  sentAt: number;
}

describe(`soak: the bot loop for ${SOAK_SECONDS} s under steady load, failing deliveries and rolling restarts`, () => {
  let own: OwnMesh;
  let bot: FakeBot;
  /** Deliveries the bot acknowledged, in the order it did: message id and when. */
  const acknowledged: Array<{ messageId: string; at: number }> = [];
  /** Each message's first acknowledgement: its place in `acknowledged`. */
  const firstAcknowledged = new Map<string, number>();
  let deliveries = 0;
  let failedOnPurpose = 0;
  /** The bot's answer to a message it took the first time, given its conversation and text (set once the bot exists). */
  let answer: (conversationId: string, text: string) => void = () => undefined;

  beforeAll(async () => {
    // Retries soon after a failure, so that a failed delivery holds its conversation up briefly.
    own = await startOwnMesh({ env: { EVENT_RETRY_BASE_MS: '100', EVENT_RETRY_MAX_MS: '400' } });
    bot = await fakeBot((event) => {
      if (event.type !== 'message_created') return 200;
      if (++deliveries % 29 === 0) {
        failedOnPurpose++;
        return 500;
      }
      acknowledged.push({ messageId: event.messageId!, at: Date.now() });
      if (!firstAcknowledged.has(event.messageId!)) {
        firstAcknowledged.set(event.messageId!, acknowledged.length - 1);
        answer(event.conversationId!, event.preview);
      }
      return 200;
    });
  }, 90000);

  afterAll(async () => {
    await bot?.stop();
    await own?.close();
  });

  it(
    'loses no write, delivery or answer, keeps each conversation in order, and levels off in memory',
    async () => {
      const { mesh } = own;
      const { botId, webhookId, runtime } = await ownChatBot(own, bot.url);
      let generation = 0;
      const startReplica = async (): Promise<string> => {
        const name = `runtime#${++generation}`;
        mesh.spawn('runtime', name, { LOG_LEVEL: 'debug' });
        await until(() => mesh.log(name).includes('Serving'), 30000);
        return name;
      };
      // Two replicas of the soak's own, the mesh's first stopped: each is replaced in turn below.
      const replicas = [await startReplica(), await startReplica()];
      expect((await mesh.stop('runtime'))?.forced).toBe(false);

      const users = await Promise.all(
        Array.from({ length: USERS }, async () => {
          const user: AuthenticatedClient = await ChatClient.connect({ apiUrl: `${mesh.url}/chat/${webhookId}` });
          const { conversation } = await user.createConversation({});
          const listener = await user.listenConversation({ id: conversation.id });
          const heard: string[] = [];
          listener.on('message_created', (m) => {
            if (m.isBot && m.payload.type === 'text') heard.push(m.payload.text);
          });
          return { user, conversationId: conversation.id, written: [] as Written[], listener, heard, answered: [] as string[] };
        }),
      );
      const failures: string[] = [];
      // The bot answers as bots do, through the runtime API as its own user, one answer after the
      // other in each conversation.
      const answering = new Map<string, Promise<void>>();
      answer = (conversationId, text) => {
        const n = Number(text.split('-')[1]);
        if (n % ANSWER_EVERY !== 0) return;
        const answered = users.find((u) => u.conversationId === conversationId)!.answered;
        const reply = `re ${text}`;
        const previous = answering.get(conversationId) ?? Promise.resolve();
        answering.set(
          conversationId,
          previous.then(() =>
            runtime
              .createMessage({ conversationId, userId: botId, type: 'text', payload: { text: reply }, tags: {} })
              .then(() => void answered.push(reply))
              .catch((error: Error) => void failures.push(`${reply}: ${error.message}`)),
          ),
        );
      };
      const memory = new Map<string, number[]>();
      const steady = ['gateway', 'chat', 'admin'];
      const deadline = Date.now() + SOAK_SECONDS * 1000;

      const writing = users.map(async ({ user, conversationId, written }, u) => {
        for (let n = 0; Date.now() < deadline; n++) {
          const sentAt = Date.now();
          try {
            const { message } = await user.createMessage({ conversationId, payload: { type: 'text', text: `${u}-${n}` } });
            written.push({ id: message.id, sentAt });
          } catch (error) {
            failures.push(`${u}-${n}: ${(error as Error).message}`);
          }
          await sleep(PAUSE_MS);
        }
      });
      const sampling = (async () => {
        while (Date.now() < deadline) {
          for (const name of steady) {
            const samples = memory.get(name) ?? [];
            samples.push(Math.round(rssMb(mesh.pid(name)!)));
            memory.set(name, samples);
          }
          await sleep(1000);
        }
      })();
      // A rolling deploy of the runtime: a new replica comes up, then an old one stops, in turns.
      const replacing = (async () => {
        for (let r = 0; r < REPLACEMENTS; r++) {
          await sleep(Math.max(0, deadline - Date.now()) / (REPLACEMENTS - r + 1));
          if (Date.now() >= deadline) return;
          const next = await startReplica();
          const stopped = await mesh.stop(replicas[r % 2]);
          expect(stopped?.forced).toBe(false);
          replicas[r % 2] = next;
        }
      })();
      await Promise.all([...writing, sampling, replacing]);

      const written = users.flatMap((u) => u.written);
      await until(() => firstAcknowledged.size >= written.length, 60000);
      await Promise.all(answering.values());
      expect(failures).toEqual([]);
      // Every answer reached its user's listener, in the order the bot wrote them.
      await until(() => users.every((u) => u.heard.length >= u.answered.length), 30000);
      for (const { heard, answered } of users) expect(heard).toEqual(answered);
      await Promise.all(users.map((u) => u.listener.disconnect()));

      // Each message reached the bot, and each conversation's first acknowledgements come in the order written.
      for (const { written: mine } of users) {
        const order = mine.map((w) => firstAcknowledged.get(w.id));
        expect(order.every((i) => i !== undefined)).toBe(true);
        expect(order).toEqual([...order].sort((a, b) => a! - b!));
      }
      const ids = new Set(written.map((w) => w.id));
      const foreign = [...firstAcknowledged.keys()].filter((id) => !ids.has(id));
      expect(foreign).toEqual([]);

      const latencies = written.map((w) => acknowledged[firstAcknowledged.get(w.id)!].at - w.sentAt).sort((a, b) => a - b);
      const report = {
        seconds: SOAK_SECONDS,
        users: USERS,
        written: written.length,
        perSecond: Math.round(written.length / SOAK_SECONDS),
        answers: users.reduce((sum, u) => sum + u.answered.length, 0),
        deliveries,
        failedOnPurpose,
        duplicates: acknowledged.length - firstAcknowledged.size,
        replacements: generation - 2,
        writeToBotMs: { p50: latencies[Math.floor(latencies.length * 0.5)], p99: latencies[Math.floor(latencies.length * 0.99)] },
        residentMb: Object.fromEntries([...memory].map(([name, samples]) => [name, { first: samples[0], peak: Math.max(...samples), last: samples.at(-1) }])),
      };
      console.log(`soak: ${JSON.stringify(report)}`);
      expect(report.replacements).toBeGreaterThanOrEqual(1);

      // Over a long run, each process's memory levels off: the last fifth of the samples is not
      // far above the second fifth (the first being warm-up).
      if (SOAK_SECONDS >= MEMORY_JUDGED_FROM_S) {
        const growing = [...memory]
          .map(([name, samples]) => {
            const fifth = Math.floor(samples.length / 5);
            return { name, early: median(samples.slice(fifth, 2 * fifth)), late: median(samples.slice(-fifth)) };
          })
          .filter(({ early, late }) => late > early * 1.25 + 32);
        expect(growing).toEqual([]);
      }
    },
    (SOAK_SECONDS + 150) * 1000,
  );
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
