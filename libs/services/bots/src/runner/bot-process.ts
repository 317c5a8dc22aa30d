import { ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HostMessage, RunnerMessage } from './bot-host';

/** The host's compiled file, beside this one. */
const HOST_PATH = join(__dirname, 'bot-host.js');
/** How often the process's memory is looked at: often enough that a bot filling buffers is stopped well within its event time limit. */
const WATCH_INTERVAL_MS = 250;
const MAX_PIPED_LINE = 4000;

export interface BotProcessOptions {
  botId: string;
  bundlePath: string;
  /** The only folder the process may write (and read besides its bundle). */
  scratchDir: string;
  /** The process's whole environment: what the sdk reads, and the bot's secrets. */
  env: Record<string, string>;
  memoryMb: number;
  onLog: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ids?: { conversationId?: string; userId?: string }) => void;
  /** Called once, when the process has ended for whatever reason. */
  onExit: (reason: string) => void;
}

export type RunOutcome = { ok: true; status: number; body?: string } | { ok: false; reason: string; crashed: boolean };

interface Pending {
  resolve: (outcome: RunOutcome) => void;
  timer: NodeJS.Timeout;
}

/**
 * One bot's code in a process of its own, under Node's permission model: it reads only its
 * bundle and the host, writes only its scratch folder, starts no process or worker, and gets
 * only the environment it is given. Its heap is capped (`--max-old-space-size`), and the whole
 * process is stopped if it grows past twice the cap. Requests travel over the IPC channel.
 */
export class BotProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exitReason?: string;
  private stopReason?: string;
  /** V8 said the heap is exhausted (it may still be collecting when a time limit stops it). */
  private outOfMemory = false;
  private readonly watch: NodeJS.Timeout;
  readonly ready: Promise<void>;
  readonly startedAt = Date.now();

  constructor(private readonly options: BotProcessOptions) {
    this.child = spawn(
      process.execPath,
      [
        '--experimental-permission',
        `--allow-fs-read=${HOST_PATH}`,
        `--allow-fs-read=${options.bundlePath}`,
        `--allow-fs-read=${options.scratchDir}`,
        `--allow-fs-write=${options.scratchDir}`,
        `--max-old-space-size=${options.memoryMb}`,
        '--disable-warning=ExperimentalWarning',
        HOST_PATH,
        options.bundlePath,
        // Names the bot in the process list, for operators.
        `--bot=${options.botId}`,
      ],
      { cwd: options.scratchDir, env: options.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json' },
    );
    this.ready = new Promise((resolve, reject) => {
      this.child.on('message', (message: HostMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'load-failed') {
          this.stopReason = 'could not load its bundle';
          options.onLog('error', `The bot's code could not be loaded: ${message.message}`);
        } else this.received(message);
      });
      this.child.once('close', () => reject(new Error(this.exitReason)));
    });
    this.ready.catch(() => undefined);
    this.pipe(this.child.stdout!, 'info');
    this.pipe(this.child.stderr!, 'error');
    // `close` comes after the process's last output was read (a fatal error's lines say why it ended).
    this.child.once('close', (code, signal) => this.exited(code, signal));
    this.child.on('error', (error) => options.onLog('error', `The bot's process failed: ${error.message}`));
    this.watch = setInterval(() => void this.checkMemory(), WATCH_INTERVAL_MS);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exitReason === undefined;
  }

  get busy(): number {
    return this.pending.size;
  }

  /** Hands a request to the handler; past `timeoutMs` the process is stopped (a hung or looping bot cannot be trusted). */
  run(request: { headers: Record<string, string>; body?: string }, timeoutMs: number): Promise<RunOutcome> {
    if (!this.alive) return Promise.resolve({ ok: false, reason: `The bot's process ${this.exitReason}`, crashed: true });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop(`did not answer an event within ${timeoutMs} ms`), timeoutMs);
      this.pending.set(id, { resolve, timer });
      const message: RunnerMessage = { type: 'run', id, request: { method: 'POST', path: '/', query: '', headers: request.headers, body: request.body } };
      this.child.send(message, (error) => error && this.stop(`could not be reached (${error.message})`));
    });
  }

  /** Answers whether the process's event loop responds within `timeoutMs`. */
  ping(timeoutMs: number): Promise<boolean> {
    if (!this.alive) return Promise.resolve(false);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(false);
      }, timeoutMs);
      this.pending.set(id, { resolve: (outcome) => resolve(outcome.ok), timer });
      this.child.send({ type: 'ping', id } satisfies RunnerMessage, (error) => error && resolve(false));
    });
  }

  /** Ends the process at once; requests under way fail with the reason. */
  stop(reason: string): void {
    if (!this.alive) return;
    this.stopReason ??= reason;
    this.child.kill('SIGKILL');
  }

  /** Resolves once the process has ended. */
  ended(): Promise<void> {
    if (!this.alive) return Promise.resolve();
    return new Promise((resolve) => this.child.once('close', () => resolve()));
  }

  private received(message: HostMessage): void {
    if (message.type === 'log') {
      const { conversationId, userId } = message;
      return this.options.onLog(message.level, message.message, { conversationId, userId });
    }
    if (message.type !== 'answer' && message.type !== 'failed' && message.type !== 'pong') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.type === 'pong') pending.resolve({ ok: true, status: 200 });
    // The sdk 0.x lets a handler's error through: the answer its own HTTP server gives for it.
    else if (message.type === 'failed') pending.resolve({ ok: true, status: 500, body: JSON.stringify({ error: message.message }) });
    else pending.resolve({ ok: true, status: message.status, body: message.body });
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    clearInterval(this.watch);
    this.exitReason =
      this.outOfMemory || (this.stopReason === undefined && (signal === 'SIGABRT' || signal === 'SIGTRAP'))
        ? `ran out of memory (more than its ${this.options.memoryMb} MB heap)`
        : this.stopReason !== undefined
          ? `was stopped: it ${this.stopReason}`
          : `exited (${signal ?? `code ${code}`})`;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ ok: false, reason: `The bot's process ${this.exitReason}`, crashed: true });
      this.pending.delete(id);
    }
    this.options.onExit(this.exitReason);
  }

  /** The heap cap leaves out buffers and native memory: the resident size is bounded too. */
  private async checkMemory(): Promise<void> {
    if (!this.alive || !this.child.pid) return;
    const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8').catch(() => '');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    if (rssKb > this.options.memoryMb * 2 * 1024) this.stop(`used ${Math.round(rssKb / 1024)} MB, more than twice its ${this.options.memoryMb} MB cap`);
  }

  private pipe(stream: NodeJS.ReadableStream, level: 'info' | 'error'): void {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line: string) => {
      if (/JavaScript heap out of memory|Reached heap limit/.test(line)) this.outOfMemory = true;
      if (line.trim()) this.options.onLog(level, line.slice(0, MAX_PIPED_LINE));
    });
  }
}
