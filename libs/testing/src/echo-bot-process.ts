import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { repositoryRoot } from './mesh';

const ROOT = repositoryRoot();

export interface EchoBotProcess {
  url: string;
  pid: number;
  /** The events the bot printed as received, duplicates included, in arrival order. */
  received: any[];
  stop(): Promise<void>;
}

/**
 * The example echo bot as people run it (`npm run example:echo-bot`): its own process from
 * dist/, configured by environment, reporting what it receives as JSON lines on stdout.
 */
export function startEchoBotProcess(env: { API_URL: string; BOT_TOKEN: string }): Promise<EchoBotProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(ROOT, 'tools', 'register-paths.js'), join(ROOT, 'dist', 'examples', 'echo-bot', 'src', 'main.js')],
    {
      env: { ...process.env, ...env, BOT_PORT: '0', BOT_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const received: any[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The echo bot exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg: string; url?: string; event?: unknown };
      if (entry.event) received.push(entry.event);
      if (entry.url) {
        child.removeAllListeners('exit');
        resolve({
          url: entry.url,
          pid: child.pid!,
          received,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}
