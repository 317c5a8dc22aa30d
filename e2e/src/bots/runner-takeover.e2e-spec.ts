import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BotConversation,
  bp,
  chatWithBot,
  client,
  createTestDatabase,
  dropTestDatabase,
  Mesh,
  scratchFolder,
  sdk5BotProject,
  sleep,
  sql,
  until,
} from '@platform/testing';

const ECHO_BOT = `
import * as sdk from '@botpress/sdk'
const bot = new sdk.Bot({ actions: {}, plugins: {} })
bot.on.message('*', async ({ message, client, ctx }) => {
  const text = (message.payload as { text?: string }).text ?? ''
  await client.createMessage({ conversationId: message.conversationId, userId: ctx.botId, tags: {}, type: 'text', payload: { text: 'echo ' + text } })
})
export default bot
`;

const BOTS = 4;
const ROUNDS = 6;

/**
 * Bots spread over two replicas of the bots service, on a mesh of its own so that the test may
 * kill one: the replica running the most bots is killed (SIGKILL) while they receive messages,
 * and every message accepted is answered once the other replica has taken its bots over.
 */
describe('bots service replicas', () => {
  let mesh: Mesh;
  let database: string;
  const token = `bp_pat_takeover_${randomBytes(12).toString('hex')}`;
  const { dir, home } = scratchFolder('takeover');

  beforeAll(async () => {
    database = `bp_test_takeover_${randomBytes(4).toString('hex')}`;
    mesh = await Mesh.start({
      databaseUrl: await createTestDatabase(database),
      natsPrefix: `takeover_${randomBytes(3).toString('hex')}`,
      bootstrapToken: token,
      logDir: join(tmpdir(), `bp-e2e-takeover-${database}`),
    });
    mesh.spawn('bots', 'bots#2');
  }, 60000);

  afterAll(async () => {
    await mesh?.stopAll();
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Which replica runs which bot: a replica's name on its leases carries its pid. */
  function placements(): Promise<Array<{ bot_id: string; owner: string }>> {
    return sql(`SELECT "bot_id", "owner" FROM "bots"."placements"`, [], mesh.settings.databaseUrl);
  }

  it('answers every message accepted while the replica running the bots is killed', async () => {
    const project = sdk5BotProject(dir, 'echo-bot', ECHO_BOT);
    await bp(['build'], { cwd: project, home });
    const code = readFileSync(join(project, '.botpress', 'dist', 'index.js'), 'utf8');
    const { workspaces } = await client({ apiUrl: mesh.url, token }).listWorkspaces({});
    const admin = client({ apiUrl: mesh.url, token, workspaceId: workspaces[0].id });
    const chats: BotConversation[] = [];
    for (let i = 0; i < BOTS; i++) {
      // What `bp deploy` sends: the bundle as the bot's code.
      const { bot } = await admin.createBot({ name: `takeover ${i}` });
      await admin.updateBot({ id: bot.id, code });
      chats.push(await chatWithBot(admin, mesh.url, bot.id));
    }
    await Promise.all(chats.map((chat) => chat.ask('warm-up', (reply) => reply === 'echo warm-up')));

    const owners = new Map<string, number>();
    for (const { owner } of await placements()) owners.set(owner, (owners.get(owner) ?? 0) + 1);
    const [busiest] = [...owners.entries()].sort((a, b) => b[1] - a[1])[0];
    const victim = ['bots', 'bots#2'].find((name) => busiest.includes(`-${mesh.pid(name)}-`))!;
    expect(victim).toBeDefined();

    const replies: Array<Promise<string>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round === 2) await mesh.stop(victim, 'SIGKILL');
      for (const [i, chat] of chats.entries()) {
        const text = `round ${round} bot ${i}`;
        const pending = chat.ask(text, (reply) => reply === `echo ${text}`, 45000);
        // Handled at once, awaited with the others below: a reply that failed while the loop still
        // runs (killing a replica, sleeping) would otherwise reject with nothing to handle it.
        pending.catch(() => undefined);
        replies.push(pending);
      }
      await sleep(300);
    }
    await Promise.all(replies);

    // The survivor runs every bot now.
    const survivor = victim === 'bots' ? 'bots#2' : 'bots';
    await until(async () => (await placements()).every((p) => p.owner.includes(`-${mesh.pid(survivor)}-`)), 10000);
    await Promise.all(chats.map((chat) => chat.close()));
  }, 120000);
});
