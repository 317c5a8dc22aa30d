import { createHash } from 'node:crypto';
import { BotAnswer, BotDeployment, BotLogLine } from '@platform/contracts';
import { BotProcess } from './bot-process';
import { DeploymentFiles } from './deployment-files';

/** A process that ran this long without crashing resets the restart backoff. */
const STABLE_AFTER_MS = 30000;
/** How often an idle process's event loop is checked. */
const PING_INTERVAL_MS = 5000;

export interface SupervisorSettings {
  apiUrl: string;
  memoryMb: number;
  eventTimeoutMs: number;
  startTimeoutMs: number;
  restartBaseMs: number;
  restartMaxMs: number;
}

export interface SupervisorHooks {
  /** What the bot's code wrote (bounded per minute). */
  log: (level: BotLogLine['level'], message: string, ids?: { conversationId?: string; userId?: string }) => void;
  /** What the platform says about the bot's process: always kept, whatever the bot wrote. */
  report: (level: BotLogLine['level'], message: string) => void;
  files: (deployment: BotDeployment) => Promise<DeploymentFiles>;
  /** A new deployment took over from an older one: the older one's key may go. */
  switched: (deployment: BotDeployment) => void;
}

export interface BotRequest {
  headers: Record<string, string>;
  body?: string;
}

/** The environment variable an sdk bot reads a secret from (`SECRET_<NAME>`, screaming snake case). */
export function secretVariable(name: string): string {
  return `SECRET_${name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase()}`;
}

/** What the process's environment is made of: a change of it needs a new process. */
export function deploymentFingerprint(deployment: BotDeployment): string {
  return createHash('sha256')
    .update(JSON.stringify([deployment.deployedAt, deployment.token, deployment.secrets]))
    .digest('hex');
}

/**
 * Runs one bot's deployed code on this replica: starts its process on demand, hands it
 * requests, stops it when it hangs, loops, leaks or crashes and starts it again with backoff
 * (events meanwhile are answered "retry later", so the delivery rules retry them), and switches
 * to a new deployment without dropping the requests under way on the old one.
 */
export class BotSupervisor {
  private process?: BotProcess;
  private starting?: Promise<BotProcess>;
  /** The bot's files being written for a start, before its process exists. */
  private preparing?: Promise<DeploymentFiles>;
  private readonly draining = new Set<BotProcess>();
  private crashes = 0;
  private restartAt = 0;
  private lastCrash?: string;
  private closed = false;
  private readonly pinger = setInterval(() => void this.checkResponsive(), PING_INTERVAL_MS);

  constructor(
    readonly botId: string,
    private deployment: BotDeployment,
    private readonly settings: SupervisorSettings,
    private readonly hooks: SupervisorHooks,
  ) {}

  get current(): BotDeployment {
    return this.deployment;
  }

  /** Pids of the bot's processes on this replica (the current one, and any draining). */
  get pids(): number[] {
    return [this.process, ...this.draining].flatMap((p) => (p?.alive && p.pid ? [p.pid] : []));
  }

  /**
   * Hands a request to the bot's code, which gets `timeoutMs` for it (at most the event limit)
   * once its process is up; the answer is the handler's, or a retryable 5xx saying why not.
   */
  async run(request: BotRequest, timeoutMs: number): Promise<BotAnswer> {
    if (this.closed) return { status: 503, reason: 'The bot is no longer run by this replica' };
    const waitMs = this.restartAt - Date.now();
    if (!this.process?.alive && !this.starting && waitMs > 0) {
      return { status: 503, reason: `The bot's process is restarting after it ${this.lastCrash}; next start in ${waitMs} ms` };
    }
    let process: BotProcess;
    try {
      process = await this.ensureProcess(Date.now() + this.settings.startTimeoutMs);
    } catch (error) {
      return { status: 503, reason: (error as Error).message };
    }
    const outcome = await process.run(request, Math.min(this.settings.eventTimeoutMs, timeoutMs));
    if (outcome.ok) return { status: outcome.status, ...(outcome.body !== undefined ? { body: outcome.body } : {}) };
    // A crash is the platform's answer for the code: the event is retried.
    return { status: 503, reason: outcome.reason };
  }

  /** A newer revision of the same deployment that changes nothing the process sees (its configuration travels with each event). */
  adopt(deployment: BotDeployment): void {
    this.deployment = deployment;
  }

  /** Starts the process ahead of the first request (a bot taken over from a replica that died). */
  warm(): void {
    this.ensureProcess(Date.now() + this.settings.startTimeoutMs).catch(() => undefined);
  }

  /** Starts the new deployment's process, sends it `register`, and lets the old one finish what it was doing. */
  async deploy(next: BotDeployment, register: () => Promise<void>): Promise<void> {
    const previous = this.deployment;
    this.deployment = next;
    const old = this.process;
    this.process = undefined;
    this.starting = undefined;
    this.crashes = 0;
    this.restartAt = 0;
    if (old) this.drain(old);
    if (previous.deployedAt !== next.deployedAt) {
      this.hooks.report('info', `Deployment of ${next.deployedAt} replaces the deployment of ${previous.deployedAt}`);
      await register().catch(() => undefined);
    }
  }

  /** Stops the bot's processes; requests under way end within the event time limit. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pinger);
    // Files being written for a start are written first, and that start then gives up, so nothing
    // writes the bot's files once this returns; a start further on has its process, stopped below.
    await this.preparing?.catch(() => undefined);
    const processes = [this.process, ...this.draining].filter((p): p is BotProcess => !!p);
    this.process = undefined;
    for (const p of processes) this.drain(p);
    await Promise.all(processes.map((p) => p.ended()));
  }

  private ensureProcess(deadline: number): Promise<BotProcess> {
    if (this.process?.alive) return this.process.ready.then(() => this.process!);
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return Promise.race([
      this.starting,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("The bot's process is still starting")), Math.max(0, deadline - Date.now())).unref()),
    ]);
  }

  private async start(): Promise<BotProcess> {
    const deployment = this.deployment;
    const files = await (this.preparing = this.hooks.files(deployment)).finally(() => (this.preparing = undefined));
    if (this.closed) throw new Error('The bot is no longer run by this replica');
    const process = new BotProcess({
      botId: this.botId,
      bundlePath: files.bundlePath,
      scratchDir: files.scratchDir,
      memoryMb: this.settings.memoryMb,
      env: this.environment(deployment, files.scratchDir),
      onLog: (level, message, ids) => this.hooks.log(level, message, ids),
      onExit: (reason) => this.exited(process, reason),
    });
    this.process = process;
    const timer = setTimeout(() => process.stop(`did not load its bundle within ${this.settings.startTimeoutMs} ms`), this.settings.startTimeoutMs);
    try {
      await process.ready;
    } catch {
      throw new Error(`The bot's process could not start: it ${process.alive ? 'is unresponsive' : this.lastCrash}`);
    } finally {
      clearTimeout(timer);
    }
    this.hooks.report('info', `Started the bot's process (pid ${process.pid}) for the deployment of ${deployment.deployedAt}`);
    this.switchedOnceDrained();
    return process;
  }

  /** What the sdk reads, the bot's secrets, and nothing of the platform's own environment. */
  private environment(deployment: BotDeployment, scratchDir: string): Record<string, string> {
    const secrets = Object.fromEntries(Object.entries(deployment.secrets).map(([name, value]) => [secretVariable(name), value]));
    return {
      ...secrets,
      BP_API_URL: this.settings.apiUrl,
      BP_TOKEN: deployment.token,
      BP_BOT_ID: deployment.botId,
      BP_LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      HOME: scratchDir,
      TMPDIR: scratchDir,
    };
  }

  /** Older deployments' keys go once no process of theirs may still call the API with them. */
  private switchedOnceDrained(): void {
    if (this.draining.size === 0 && this.process?.alive) this.hooks.switched(this.deployment);
  }

  private exited(process: BotProcess, reason: string): void {
    if (this.draining.delete(process)) return this.switchedOnceDrained();
    if (this.process !== process) return;
    this.process = undefined;
    if (this.closed) return;
    const stable = Date.now() - process.startedAt > STABLE_AFTER_MS;
    this.crashes = stable ? 1 : this.crashes + 1;
    const delay = Math.min(this.settings.restartMaxMs, this.settings.restartBaseMs * 2 ** (this.crashes - 1));
    this.restartAt = Date.now() + delay;
    this.lastCrash = reason;
    this.hooks.report('error', `The bot's process ${reason}; it is started again in ${delay} ms, and the events it was handling are retried`);
  }

  /** No new requests go to `process`; it ends once those under way are answered. */
  private drain(process: BotProcess): void {
    this.draining.add(process);
    const check = setInterval(() => {
      if (process.busy === 0 || !process.alive) {
        clearInterval(check);
        process.stop('was replaced');
      }
    }, 100);
    // Requests under way end within the event limit (their own timers stop the process).
  }

  /** A process whose event loop no longer answers (a busy loop between events) is stopped. */
  private async checkResponsive(): Promise<void> {
    const process = this.process;
    if (!process?.alive || process.busy > 0) return;
    try {
      await process.ready;
    } catch {
      return;
    }
    if (!(await process.ping(this.settings.eventTimeoutMs))) process.stop(`did not respond for ${this.settings.eventTimeoutMs} ms (a busy loop)`);
  }
}
