import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { ApiError, BotAnswer, BotDeployment, BotInvalidation, Errors, InternalOperations as Internal, Subjects } from '@platform/contracts';
import { BusClient, BusSubscription, serviceEnvelope } from '@platform/messaging';
import { PeriodicTask } from '@platform/persistence';
import { BOTS } from '../bots-caller';
import { PlacementsRepository } from '../placements/placements.repository';
import { BotLogSink } from './bot-log-sink';
import { BotRequest, BotSupervisor, deploymentFingerprint, SupervisorSettings } from './bot-supervisor';
import { DeploymentFilesStore } from './deployment-files';

/** Orphaned bots one replica takes over per sweep, so that replicas share a dead one's bots. */
const TAKEOVER_BATCH = 2;
/** Time given to the replica running a bot to answer a forwarded request, beyond the bot's own. */
const FORWARD_MARGIN_MS = 500;

/** A request forwarded to the replica running the bot. */
type ReplicaRequest = { kind: 'run'; botId: string; request: BotRequest; timeoutMs: number; revision?: string } | { kind: 'stop'; botId: string };

/**
 * One replica of the bots service (docs/bot-hosting.md). Each bot with deployed code is run by
 * one replica at a time, which holds its placement lease in the `bots` schema and renews it.
 * A request for a bot reaches any replica (queue group); the one running the bot serves it, the
 * others forward it to that one on its own subject. A bot nobody runs is taken by the replica
 * the request reached; a replica that dies stops renewing, and the others take its bots over.
 */
@Injectable()
export class BotRunner implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('BotRunner');
  /** This replica's name on its leases: host and pid, so operators can tell which process it is. */
  readonly replicaId = `${hostname().replace(/[^a-zA-Z0-9-]/g, '-')}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly supervisors = new Map<string, BotSupervisor>();
  private readonly joining = new Map<string, Promise<BotSupervisor | undefined>>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly subscriptions: BusSubscription[] = [];
  private readonly settings: SupervisorSettings;
  private readonly leases: PeriodicTask;
  private stopped = false;

  constructor(
    private readonly bus: BusClient,
    private readonly placements: PlacementsRepository,
    private readonly files: DeploymentFilesStore,
    private readonly logs: BotLogSink,
    private readonly config: PlatformConfig,
  ) {
    this.settings = {
      apiUrl: config.botApiUrl ?? config.publicUrl,
      memoryMb: config.botMemoryMb,
      eventTimeoutMs: config.botEventTimeoutMs,
      startTimeoutMs: config.botStartTimeoutMs,
      restartBaseMs: config.botRestartBaseMs,
      restartMaxMs: config.botRestartMaxMs,
    };
    // Renewed three times per lease, so one late round does not lose it.
    this.leases = new PeriodicTask(this.logger, 'Keeping bot leases', Math.max(250, Math.floor(config.botLeaseMs / 3)), () => this.keepLeases());
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(await this.bus.serve(Subjects.botsReplica(this.replicaId), (payload) => this.served(payload as ReplicaRequest)));
    this.subscriptions.push(await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.botChanged((notice as BotInvalidation).botId)));
    this.leases.start();
  }

  /** Before anything closes: no bot started here any more, and the lease round under way finished. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.leases.stop();
  }

  /** Stops taking requests, lets other replicas take this one's bots at once, and stops the processes. */
  async onApplicationShutdown(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    const botIds = [...this.supervisors.keys()];
    await Promise.all([...this.supervisors.values()].map((s) => s.close()));
    this.supervisors.clear();
    await this.placements.release(this.replicaId, botIds).catch(() => undefined);
  }

  /** Hands a request to the bot's code, wherever it runs. */
  async run(botId: string, request: BotRequest, timeoutMs: number, revision?: string): Promise<BotAnswer> {
    const local = this.supervisors.get(botId) ?? (await this.runHere(botId));
    if (local) return this.runOn(local, request, timeoutMs, revision);
    return this.forward(
      { kind: 'run', botId, request, timeoutMs, revision },
      timeoutMs + this.config.botStartTimeoutMs + FORWARD_MARGIN_MS,
    ) as Promise<BotAnswer>;
  }

  /** A request from a newer revision of the bot than the one running (new secrets, say) waits for the refresh. */
  private async runOn(supervisor: BotSupervisor, request: BotRequest, timeoutMs: number, revision?: string): Promise<BotAnswer> {
    if (revision && revision > supervisor.current.revision) await this.botChanged(supervisor.botId);
    return supervisor.run(request, timeoutMs);
  }

  /** The bot is being deleted: `unregister` is sent to its code, then its process and files go. */
  async stop(botId: string): Promise<Record<string, never>> {
    const placement = await this.placements.find(botId);
    if (placement?.live && placement.owner !== this.replicaId && !this.supervisors.has(botId)) {
      await this.forward({ kind: 'stop', botId }, this.config.botEventTimeoutMs + this.config.botStartTimeoutMs).catch(() => undefined);
    } else {
      // Nobody runs it: there is no code to tell.
      const supervisor = this.supervisors.get(botId);
      if (supervisor) {
        await this.send(supervisor, 'unregister');
        await this.retire(botId);
      }
    }
    await this.placements.delete(botId);
    await this.files.remove(botId);
    return {};
  }

  /** Pids of the processes this replica runs for the bot (an operator's view; none when it runs elsewhere). */
  pidsOf(botId: string): number[] {
    return this.supervisors.get(botId)?.pids ?? [];
  }

  private async served(request: ReplicaRequest): Promise<unknown> {
    const supervisor = this.supervisors.get(request.botId);
    if (request.kind === 'stop') {
      if (supervisor) {
        await this.send(supervisor, 'unregister');
        await this.retire(request.botId);
      }
      return {};
    }
    if (!supervisor) return { status: 503, reason: 'The bot moved to another replica' } satisfies BotAnswer;
    return this.runOn(supervisor, request.request, request.timeoutMs, request.revision);
  }

  private async forward(request: ReplicaRequest, timeoutMs: number): Promise<unknown> {
    const placement = await this.placements.find(request.botId);
    if (!placement) throw Errors.serviceUnavailable('bots');
    try {
      return await this.bus.request(Subjects.botsReplica(placement.owner), request, { timeoutMs });
    } catch (error) {
      if (request.kind === 'run' && ApiError.isApiError(error) && error.code === 503) {
        return { status: 503, reason: 'The replica running the bot does not answer; another takes it over once its lease runs out' } satisfies BotAnswer;
      }
      throw error;
    }
  }

  /**
   * Takes the bot if nobody runs it, and prepares it here. Concurrent requests for one bot wait
   * for the same preparation. Answers nothing when another replica runs it.
   */
  private runHere(botId: string): Promise<BotSupervisor | undefined> {
    let joining = this.joining.get(botId);
    if (!joining) {
      joining = this.join(botId).finally(() => this.joining.delete(botId));
      this.joining.set(botId, joining);
    }
    return joining;
  }

  private async join(botId: string): Promise<BotSupervisor | undefined> {
    if (this.stopped) return undefined;
    if (this.supervisors.size >= this.config.botMaxProcesses) {
      throw Errors.serviceUnavailable('bots');
    }
    const claimed = await this.placements.claim(botId, this.replicaId, this.config.botLeaseMs);
    if (!claimed) return undefined;
    let deployment: BotDeployment;
    try {
      deployment = (await this.bus.call(Internal.botDeployment, serviceEnvelope(BOTS, { body: { botId } }))) as BotDeployment;
    } catch (error) {
      // Deleted, or its code removed: nothing to run.
      if (ApiError.isApiError(error) && error.code === 404) await this.placements.delete(botId);
      else await this.placements.release(this.replicaId, [botId]);
      throw error;
    }
    const supervisor = this.supervise(deployment);
    if (claimed.registered !== deployment.deployedAt) await this.register(supervisor, deployment);
    else supervisor.warm();
    return supervisor;
  }

  private supervise(deployment: BotDeployment): BotSupervisor {
    const botId = deployment.botId;
    const supervisor = new BotSupervisor(botId, deployment, this.settings, {
      log: (level, message, ids) => this.logs.write(botId, level, message, ids),
      report: (level, message) => this.logs.report(botId, level, message),
      files: (d) => this.files.write(d),
      switched: (d) => void this.retireOlderKeys(d),
    });
    this.supervisors.set(botId, supervisor);
    return supervisor;
  }

  /** Sends the sdk's `register` for a deployment, as the cloud does once per deployment. */
  private async register(supervisor: BotSupervisor, deployment: BotDeployment): Promise<void> {
    const answer = await this.send(supervisor, 'register');
    if (answer.status >= 200 && answer.status < 300) await this.placements.markRegistered(deployment.botId, this.replicaId, deployment.deployedAt);
  }

  private async send(supervisor: BotSupervisor, operation: 'register' | 'unregister'): Promise<BotAnswer> {
    const answer = await supervisor.run(
      {
        headers: {
          'x-bot-id': supervisor.botId,
          'x-bot-user-id': supervisor.botId,
          'x-bp-operation': operation,
          'x-bp-type': operation,
          'x-bp-configuration': Buffer.from(JSON.stringify(supervisor.current.configuration)).toString('base64'),
        },
        body: '{}',
      },
      this.config.botStartTimeoutMs + this.config.botEventTimeoutMs,
    );
    const ok = answer.status >= 200 && answer.status < 300;
    this.logs.report(supervisor.botId, ok ? 'info' : 'warn', `The bot's ${operation} answered ${answer.status}${answer.reason ? `: ${answer.reason}` : ''}`);
    return answer;
  }

  /** A change to a bot this replica runs: a new deployment, secrets or removed code. A new deployment nobody runs is started here. */
  private botChanged(botId: string): Promise<void> {
    let refreshing = this.refreshing.get(botId);
    if (!refreshing) {
      refreshing = this.refresh(botId).finally(() => this.refreshing.delete(botId));
      this.refreshing.set(botId, refreshing);
    }
    return refreshing;
  }

  private async refresh(botId: string): Promise<void> {
    const supervisor = this.supervisors.get(botId);
    if (!supervisor) {
      // Any replica may take a newly deployed bot; the claim decides which (the others do nothing).
      const placement = await this.placements.find(botId);
      if (placement?.live) return;
      await this.runHere(botId).catch(() => undefined);
      return;
    }
    let deployment: BotDeployment;
    try {
      deployment = (await this.bus.call(Internal.botDeployment, serviceEnvelope(BOTS, { body: { botId } }))) as BotDeployment;
    } catch (error) {
      if (ApiError.isApiError(error) && error.code === 404) {
        await this.retire(botId);
        await this.placements.delete(botId);
      }
      return;
    }
    if (deploymentFingerprint(deployment) === deploymentFingerprint(supervisor.current)) return supervisor.adopt(deployment);
    await supervisor.deploy(deployment, () => this.register(supervisor, deployment));
  }

  private async retireOlderKeys(deployment: BotDeployment): Promise<void> {
    await this.bus
      .call(Internal.retireDeploymentKeys, serviceEnvelope(BOTS, { body: { botId: deployment.botId, deployedAt: deployment.deployedAt } }))
      .catch((error: Error) => this.logger.warn(`Could not retire older keys of bot ${deployment.botId}: ${error.message}`));
  }

  /** Stops running the bot here. */
  private async retire(botId: string): Promise<void> {
    const supervisor = this.supervisors.get(botId);
    this.supervisors.delete(botId);
    await supervisor?.close();
  }

  /** Renews this replica's leases, lets go of bots it lost, and takes over bots whose replica died. */
  private async keepLeases(): Promise<void> {
    const lost = await this.placements.renew(this.replicaId, [...this.supervisors.keys()], this.config.botLeaseMs);
    for (const botId of lost) {
      this.logger.warn(`Bot ${botId} is no longer run by this replica`);
      await this.retire(botId);
    }
    if (this.supervisors.size >= this.config.botMaxProcesses) return;
    for (const botId of await this.placements.orphans(TAKEOVER_BATCH)) {
      const supervisor = await this.runHere(botId).catch(() => undefined);
      if (supervisor)
        this.logs.report(botId, 'warn', `The bot was taken over by bots replica ${this.replicaId} (its previous replica stopped renewing its lease)`);
    }
  }
}
