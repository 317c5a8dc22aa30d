import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { until } from './live-signals';
import { repositoryRoot } from './mesh';

const ROOT = repositoryRoot();
const BP = join(ROOT, 'node_modules', '@botpress', 'cli', 'bin.js');
/** The sdk and client CLI 0.8.59's bot template declares (0.10.10 and 0.29.1), as the CLI itself installs them. */
const TEMPLATE_PACKAGES = join(ROOT, 'node_modules', '@botpress', 'cli', 'node_modules', '@botpress');
/** `@botpress/sdk` 5.4.3, the newest that installs here. */
const SDK5 = join(ROOT, 'node_modules', '@botpress', 'sdk');

export interface BpResult {
  stdout: string;
  stderr: string;
}

/**
 * The official `bp` CLI (`@botpress/cli` 0.8.59) as a person runs it, with its profile kept in a
 * home folder of its own (`home`), never the real one.
 */
export function bp(args: string[], options: { cwd: string; home: string; timeoutMs?: number }): Promise<BpResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BP, ...args],
      { cwd: options.cwd, env: { PATH: process.env.PATH, HOME: options.home, NO_COLOR: '1' }, timeout: options.timeoutMs ?? 60000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`bp ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

/** A scratch folder for a test's bot projects and the CLI's profile. */
export function scratchFolder(name: string): { dir: string; home: string } {
  const dir = mkdtempSync(join(tmpdir(), `bp-${name}-`));
  const home = join(dir, 'home');
  mkdirSync(home);
  return { dir, home };
}

/** `bp login` against the platform, as the README says. */
export async function bpLogin(home: string, apiUrl: string, token: string, workspaceId: string): Promise<void> {
  await bp(['login', '-y', '--apiUrl', apiUrl, '--token', token, '--workspaceId', workspaceId], { cwd: home, home });
}

/**
 * A bot project made by `bp init` from CLI 0.8.59's own bot template (sdk 0.10.x), with its
 * dependencies in place as `npm install` would put them. `edit` may change its source.
 */
export async function templateBotProject(dir: string, home: string, name: string, edit?: (source: string) => string): Promise<string> {
  await bp(['init', '-y', '--type', 'bot', '--name', name, '--workDir', dir], { cwd: dir, home });
  const project = join(dir, name);
  linkPackages(project, { sdk: join(TEMPLATE_PACKAGES, 'sdk'), client: join(TEMPLATE_PACKAGES, 'client') });
  if (edit) {
    const file = join(project, 'src', 'index.ts');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
  }
  return project;
}

/** A bot project on `@botpress/sdk` 5.4.3 whose `src/index.ts` is `source`. */
export function sdk5BotProject(dir: string, name: string, source: string): string {
  const project = join(dir, name);
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, dependencies: { '@botpress/sdk': '5.4.3' } }, null, 2));
  writeFileSync(join(project, 'src', 'index.ts'), source);
  linkPackages(project, { sdk: SDK5 });
  return project;
}

function linkPackages(project: string, packages: Record<string, string>): void {
  mkdirSync(join(project, 'node_modules', '@botpress'), { recursive: true });
  for (const [name, target] of Object.entries(packages)) symlinkSync(target, join(project, 'node_modules', '@botpress', name), 'dir');
}

/**
 * `bp deploy`: a new bot with `createNewBot`, else a redeploy of `botId`. Answers the bot's id
 * (for a new bot, the one the CLI printed).
 */
export async function bpDeploy(project: string, home: string, target: { createNewBot: true } | { botId: string }): Promise<string> {
  const args = 'botId' in target ? ['--botId', target.botId] : ['--createNewBot'];
  const { stdout, stderr } = await bp(['deploy', '-y', ...args], { cwd: project, home, timeoutMs: 120000 });
  const output = `${stdout}\n${stderr}`;
  if (!output.includes('Bot deployed')) throw new Error(`bp deploy did not deploy:\n${output}`);
  if ('botId' in target) return target.botId;
  const created = /Bot created with ID "([^"]+)"/.exec(output);
  if (!created) throw new Error(`bp deploy did not say which bot it created:\n${output}`);
  return created[1];
}

export interface BotConversation {
  webhookId: string;
  conversationId: string;
  /** Every message of the conversation the listener saw, in order. */
  messages: Array<{ isBot: boolean; payload: { type: string; text?: string } }>;
  /** Sends a text and waits for the bot's reply that `expected` accepts (by default: one containing the text). */
  ask(text: string, expected?: (reply: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * A chat user talking to a bot through the built-in chat integration, installed on the bot
 * with `updateBot` as a dashboard would (a CLI 0.8.59 bundle declares no integration).
 */
export async function chatWithBot(admin: Client, apiUrl: string, botId: string): Promise<BotConversation> {
  const { bot } = await admin.getBot({ id: botId });
  const webhookId =
    bot.integrations.webchat?.webhookId ??
    (await admin.updateBot({ id: botId, integrations: { webchat: { integrationId: 'chat', enabled: true } } })).bot.integrations.webchat.webhookId;
  const user = await ChatClient.connect({ apiUrl: `${apiUrl}/chat/${webhookId}` });
  const { conversation } = await user.createConversation({});
  const listener = await user.listenConversation({ id: conversation.id });
  const messages: BotConversation['messages'] = [];
  listener.on('message_created', (m) => void messages.push(m as never));
  return {
    webhookId,
    conversationId: conversation.id,
    messages,
    async ask(text, expected = (reply) => reply.includes(text), timeoutMs = 30000) {
      const from = messages.length;
      // A message the platform did not accept (503 under load) is sent again, as a chat client would.
      for (let attempt = 1; ; attempt++) {
        try {
          await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text } });
          break;
        } catch (error) {
          if (attempt >= 3 || (error as { code?: number }).code !== 503) throw error;
        }
      }
      let found: string | undefined;
      await until(() => {
        found = messages.slice(from).find((m) => m.isBot && typeof m.payload.text === 'string' && expected(m.payload.text))?.payload.text;
        return found !== undefined;
      }, timeoutMs).catch(async () => {
        const { logs } = await admin.getBotLogs({ id: botId, timeStart: bot.createdAt }).catch(() => ({ logs: [] }));
        const log = logs.map((l) => `${l.timestamp} ${l.level} ${l.message}`).join('\n');
        throw new Error(`No reply to "${text}" within ${timeoutMs} ms; the conversation: ${JSON.stringify(messages.slice(from))}; the bot's log:\n${log}`);
      });
      return found!;
    },
    close: () => listener.disconnect(),
  };
}

/** Pids of the processes running a bot's code on this machine (they name the bot in their arguments). */
export function botProcesses(botId: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(`--bot=${botId}`);
      } catch {
        return false;
      }
    })
    .map(Number);
}
