import { rmSync } from 'node:fs';
import { Client } from '@botpress/client';
import {
  allBotLogLines,
  BotConversation,
  bpDeploy,
  bpLogin,
  chatWithBot,
  client,
  defaultWorkspaceId,
  e2e,
  scratchFolder,
  sdk5BotProject,
  sleep,
  until,
} from '@platform/testing';

/**
 * Code the platform did not write, misbehaving on purpose. The first time it sees a message it
 * misbehaves (leaving a mark in its scratch folder, the one place it may write); when the event
 * is delivered again, it answers "recovered": so each test shows the fault contained, the
 * process restarted and the event retried. A leak starts after the answer, so that the process
 * is stopped for its memory however slowly it grows.
 */
const FAULTY_BOT = `
import * as sdk from '@botpress/sdk'
import * as fs from 'node:fs'
import * as path from 'node:path'

const bot = new sdk.Bot({ actions: {}, plugins: {} })
const codeOf = (run: () => unknown) => { try { run(); return 'allowed' } catch (error) { return (error as { code?: string }).code ?? String(error) } }

bot.on.message('*', async ({ message, client, ctx }) => {
  const text = (message.payload as { text?: string }).text ?? ''
  const reply = (answer: string) => client.createMessage({ conversationId: message.conversationId, userId: ctx.botId, tags: {}, type: 'text', payload: { text: answer } })
  const mark = path.join(process.env.HOME!, 'seen-' + message.id)
  const firstTime = !fs.existsSync(mark)
  fs.writeFileSync(mark, text)
  if (['hang', 'loop', 'exit'].includes(text) && !firstTime) return void (await reply('recovered ' + text))
  switch (text) {
    case 'throw': throw new Error('thrown on purpose')
    case 'hang': return void (await new Promise(() => undefined))
    case 'loop': for (;;) {}
    case 'oom': {
      // Leaks in the background, after answering: the process is stopped for its memory alone, however long that takes.
      const hoard: unknown[] = []
      setInterval(() => hoard.push(new Array(1e6).fill(1), Buffer.alloc(16e6, 1)), 5)
      return void (await reply('leaking'))
    }
    case 'exit': return void process.exit(3)
    case 'passwd': return void (await reply('passwd ' + codeOf(() => fs.readFileSync('/etc/passwd'))))
    case 'env': return void (await reply('env ' + Object.keys(process.env).sort().join(',')))
    case 'spawn': {
      const spawned = codeOf(() => require('node:child_process').spawnSync('ls'))
      const worker = codeOf(() => new (require('node:worker_threads').Worker)('0', { eval: true }))
      const signal = codeOf(() => process.kill(process.ppid, 'SIGKILL'))
      return void (await reply(['spawn', spawned, 'worker', worker, 'signal', signal].join(' ')))
    }
  }
})

export default bot
`;

const ECHO_BOT = `
import * as sdk from '@botpress/sdk'
const bot = new sdk.Bot({ actions: {}, plugins: {} })
bot.on.message('*', async ({ message, client, ctx }) => {
  const text = (message.payload as { text?: string }).text ?? ''
  await client.createMessage({ conversationId: message.conversationId, userId: ctx.botId, tags: {}, type: 'text', payload: { text: 'echo ' + text } })
})
export default bot
`;

/** What a bot's process may see of its environment (docs/bot-hosting.md). */
const ALLOWED_VARIABLES = ['BP_API_URL', 'BP_BOT_ID', 'BP_LOG_FORMAT', 'BP_TOKEN', 'HOME', 'NODE_ENV', 'SECRET_GREETING', 'TMPDIR'];

describe('the sandbox of deployed bots', () => {
  const { dir, home } = scratchFolder('faults');
  let admin: Client;
  let faulty: { botId: string; chat: BotConversation };
  let echo: BotConversation;
  let pinging = true;
  const pings: Array<Promise<string>> = [];

  beforeAll(async () => {
    const workspaceId = await defaultWorkspaceId();
    admin = client({ workspaceId });
    await bpLogin(home, e2e.url, e2e.token, workspaceId);
    const faultyId = await bpDeploy(sdk5BotProject(dir, 'faulty-bot', FAULTY_BOT), home, { createNewBot: true });
    await admin.updateBot({ id: faultyId, secrets: { greeting: 'hello' } });
    faulty = { botId: faultyId, chat: await chatWithBot(admin, e2e.url, faultyId) };
    echo = await chatWithBot(admin, e2e.url, await bpDeploy(sdk5BotProject(dir, 'echo-bot', ECHO_BOT), home, { createNewBot: true }));
    // A second bot on the same runner answers throughout, whatever the first one does.
    void (async () => {
      for (let i = 0; pinging; i++) {
        const ping = echo.ask(`ping ${i}`, (reply) => reply === `echo ping ${i}`, 20000);
        pings.push(ping);
        await ping.catch(() => undefined);
        await sleep(200);
      }
    })();
  }, 120000);

  afterAll(async () => {
    pinging = false;
    await faulty?.chat.close();
    await echo?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    // Every ping sent so far was answered.
    await Promise.all(pings);
  });

  async function logLines(): Promise<string[]> {
    const { bot } = await admin.getBot({ id: faulty.botId });
    return allBotLogLines(admin, { id: faulty.botId, timeStart: bot.createdAt });
  }

  async function expectLogged(pattern: RegExp): Promise<void> {
    await until(async () => (await logLines()).some((line) => pattern.test(line)), 15000).catch(async () => {
      throw new Error(`Nothing logged matches ${pattern}:\n${(await logLines()).join('\n')}`);
    });
  }

  it('reports a handler that throws, and does not retry the event the bot refused', async () => {
    await faulty.chat.ask('throw', () => false, 1).catch(() => undefined);
    await expectLogged(/^error .*thrown on purpose/);
    await expectLogged(/^error Event .* failed: The bot answered 400; the event is not retried/);
  });

  it('stops a handler that never returns, and retries its event on a new process', async () => {
    expect(await faulty.chat.ask('hang', (reply) => reply === 'recovered hang')).toBe('recovered hang');
    await expectLogged(/^error The bot's process was stopped: it did not answer an event within \d+ ms/);
  });

  it('stops a busy loop', async () => {
    expect(await faulty.chat.ask('loop', (reply) => reply === 'recovered loop')).toBe('recovered loop');
  });

  it('stops a bot that allocates past its memory cap, and starts it again', async () => {
    expect(await faulty.chat.ask('oom', (reply) => reply === 'leaking')).toBe('leaking');
    // Whichever bound it meets first: the heap cap (V8 stops it) or the resident-size watchdog.
    await expectLogged(/^error The bot's process (ran out of memory|was stopped: it used \d+ MB, more than twice its \d+ MB cap)/);
    expect(await faulty.chat.ask('env', (reply) => reply.startsWith('env '))).toMatch(/^env /);
  });

  it('restarts a bot that calls process.exit', async () => {
    expect(await faulty.chat.ask('exit', (reply) => reply === 'recovered exit')).toBe('recovered exit');
    await expectLogged(/^error The bot's process exited \(code 3\)/);
  });

  it('denies reading files other than its bundle, and shows it only its own environment', async () => {
    expect(await faulty.chat.ask('passwd', (reply) => reply.startsWith('passwd '))).toBe('passwd ERR_ACCESS_DENIED');
    const env = (await faulty.chat.ask('env', (reply) => reply.startsWith('env '))).slice(4).split(',');
    expect(env.sort()).toEqual(ALLOWED_VARIABLES);
  });

  it('denies starting processes and workers, and signalling other processes', async () => {
    expect(await faulty.chat.ask('spawn', (reply) => reply.startsWith('spawn '))).toBe(
      'spawn ERR_ACCESS_DENIED worker ERR_ACCESS_DENIED signal ERR_ACCESS_DENIED',
    );
  });
});
