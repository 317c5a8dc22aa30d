import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transpileModule, ModuleKind, ScriptTarget } from 'typescript';
import { defaultWorkspaceId, e2e, EchoBotProcess, freePort, repositoryRoot, startEchoBotProcess } from '@platform/testing';

const ROOT = repositoryRoot();
const run = promisify(execFile);

/** The TypeScript snippet of the README whose first line names `file`, as a reader would paste it. */
function readmeSnippet(file: string): string {
  const blocks = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  const snippet = blocks.find((block) => block.startsWith(`// ${file}`));
  if (!snippet) throw new Error(`README.md has no snippet starting with // ${file}`);
  return snippet;
}

/** A snippet compiled as `tsx` would, in a folder of its own, resolving packages from this repository. */
function compiled(source: string): { script: string; env: Record<string, string>; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bp-readme-'));
  const script = join(dir, 'snippet.js');
  const options = { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022, esModuleInterop: true };
  writeFileSync(script, transpileModule(source, { compilerOptions: options }).outputText);
  return { script, env: { NODE_PATH: join(ROOT, 'node_modules') }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a snippet to its end; answers what it printed. */
async function runSnippet(source: string, env: Record<string, string>): Promise<string> {
  const snippet = compiled(source);
  try {
    const { stdout } = await run(process.execPath, [snippet.script], { env: { ...process.env, ...snippet.env, ...env }, timeout: 30000 });
    return stdout;
  } finally {
    snippet.remove();
  }
}

describe('README snippets run as pasted', () => {
  let echoBot: EchoBotProcess;

  beforeAll(async () => {
    echoBot = await startEchoBotProcess({ API_URL: e2e.url, BOT_TOKEN: e2e.token });
  });

  afterAll(() => echoBot?.stop());

  it('chat-with-echo-bot.ts: a chat user says hello and the echo bot answers', async () => {
    const output = await runSnippet(readmeSnippet('chat-with-echo-bot.ts'), {
      API_URL: e2e.url,
      TOKEN: e2e.token,
      WORKSPACE_ID: await defaultWorkspaceId(),
      BOT_URL: echoBot.url,
    });
    expect(output).toContain('me: {"type":"text","text":"hello"}');
    expect(output).toMatch(/^bot: .*hello/m);
  });

  it('my-sdk-bot.ts: the @botpress/sdk bot, started with BP_API_URL and BP_TOKEN, answers a chat user', async () => {
    const port = await freePort();
    const snippet = compiled(readmeSnippet('my-sdk-bot.ts'));
    const server = spawn(process.execPath, [snippet.script], {
      env: { ...process.env, ...snippet.env, BP_API_URL: e2e.url, BP_TOKEN: e2e.token, PORT: String(port) },
      stdio: 'ignore',
    });
    try {
      const output = await runSnippet(readmeSnippet('chat-with-echo-bot.ts'), {
        API_URL: e2e.url,
        TOKEN: e2e.token,
        WORKSPACE_ID: await defaultWorkspaceId(),
        BOT_URL: `http://127.0.0.1:${port}/`,
      });
      expect(output).toContain('bot: {"type":"text","text":"sdk bot heard: hello"}');
    } finally {
      server.kill();
      snippet.remove();
    }
  });
});
