import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@platform/config';
import { SERVICES } from '@platform/contracts';
import { JsonLogger } from '@platform/logging';
import { startOneProcess } from '@platform/one-process';
import { createTestDatabase, dropTestDatabase, freePort, Mesh, rssMb, sql } from '@platform/testing';
import { measure, Measurement, Operation } from './load';
import { BotLoopFigures, measureBotLoop } from './bot-loop';
import { DeployedBotFigures, measureDeployedBot } from './deployed-bot';
import { prepareOperations } from './fixtures';
import { startCpuCount } from './cpu-time';
import { RawHop, startRawHop } from './raw-hop/raw-hop';
import { measureTables, tablesReport } from './tables';
import { FilesFigures, measureFiles, reportFiles } from './files';
import { measureHops, reportHops } from './hops';
import { measureSemanticSearch, reportSemanticSearch, SemanticFigures } from './files-semantic';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** Seconds of the raw hop measured beside each operation on the mesh, in the same rounds: as long, so each burst of either is as long as the other's. */
const ANCHOR_S = Number(process.env.BENCH_ANCHOR_DURATION ?? DURATION_S);
/**
 * Rounds in which the raw hop and an operation on the mesh take turns (`BENCH_ROUNDS`): the
 * machine's speed drifts within a run, and bursts taken in turns share the drift, which a
 * measurement of each in one piece did not (the ratio then moved with the anchor's swings).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** `BENCH_ONLY=files,bot-loop`: only these cases (hops, operations, bot-loop, deployed-bot, tables, files, files-semantic, in-process); all by default. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((c) => c.trim());
const wants = (name: string) => !ONLY || ONLY.includes(name);
/** `BENCH_OPERATIONS=getMessage,listBots`: only these of the benched operations; all by default. */
const OPERATIONS = process.env.BENCH_OPERATIONS?.split(',').map((o) => o.trim());
const benched = (operations: Operation[]) => operations.filter((op) => !OPERATIONS || OPERATIONS.includes(op.name));

/**
 * `npm run bench`: each core operation under concurrent load through the gateway, once on the
 * real mesh (separate processes over NATS) and once with everything in one process without
 * NATS, in the same run, so the figures can be compared side by side.
 */
async function main() {
  const runId = randomBytes(3).toString('hex');
  const token = `bp_pat_bench_${randomBytes(16).toString('hex')}`;
  const results: Results = {};
  let anchor: Measured | undefined;
  const memory: Record<string, number> = {};
  // The load comes from one address with one token, far past what one client is allowed.
  Object.assign(process.env, { RATE_LIMIT_PER_CLIENT: '0', RATE_LIMIT_PER_CREDENTIAL: '0', RATE_LIMIT_AUTH_FAILURES: '0' });

  // Each hop alone first, beside its raw counterpart, on the same NATS server as the mesh.
  if (wants('hops')) process.stdout.write(reportHops(await measureHops(loadConfig(process.env).natsUrl, `bench_hops_${runId}`)));
  if (ONLY && ONLY.every((c) => c === 'hops')) return;

  // The bot loop's bot listens on this machine; its platform must be allowed to deliver there.
  process.env.DELIVERY_ALLOWED_NETWORKS ??= '127.0.0.0/8';
  const meshDb = `bp_bench_mesh_${runId}`;
  const mesh = await Mesh.start({
    databaseUrl: await createTestDatabase(meshDb),
    natsPrefix: `bench_${runId}`,
    bootstrapToken: token,
    logDir: join(tmpdir(), `bp-bench-${runId}`),
  });
  const meshPids = Object.fromEntries(['gateway', ...SERVICES].map((name) => [name, mesh.pid(name)!]));
  let loop: BotLoopFigures | undefined;
  let deployed: DeployedBotFigures | undefined;
  let files: FilesFigures | undefined;
  let semantic: SemanticFigures | undefined;
  try {
    if (wants('operations')) {
      // The anchor first, on the same Postgres database and NATS server as the mesh; then
      // measured again beside each operation, in turns with it.
      const raw = await startRawHop(mesh.settings.databaseUrl, `bench_raw_${runId}`);
      try {
        anchor = await measured(raw.url, raw.operation, raw.pids);
        printLine('raw', raw.operation.name, anchor);
        await run('mesh', mesh.url, benched(await seeded(mesh.url, token, mesh.settings.databaseUrl)), results, meshPids, raw);
        for (const [name, pid] of Object.entries(meshPids)) memory[name] = rssMb(pid);
      } finally {
        await raw.stop();
      }
    }
    // Each case on the database as the cases before it left it, maintained as a running platform's is.
    const maintained = () => maintain(mesh.settings.databaseUrl!);
    if (wants('bot-loop')) loop = await maintained().then(() => measureBotLoop(mesh.url, token, meshPids));
    if (wants('deployed-bot')) deployed = await maintained().then(() => measureDeployedBot(mesh.url, token));
    if (wants('tables')) process.stdout.write(tablesReport(await maintained().then(() => measureTables(mesh.url, token, mesh.pid('tables')))));
    if (wants('files')) files = await maintained().then(() => measureFiles(mesh, token));
    // On meshes of its own, started with an embeddings API (and one without, to compare).
    if (wants('files-semantic')) semantic = await measureSemanticSearch();
  } finally {
    await mesh.stopAll();
    await dropTestDatabase(meshDb);
  }

  if (wants('operations') && wants('in-process')) {
    const localDb = `bp_bench_local_${runId}`;
    const config = loadConfig(process.env, { databaseUrl: await createTestDatabase(localDb), bootstrapToken: token, port: await freePort() });
    // The whole platform in the bench's own process, services wired by direct calls: what the NATS hop costs.
    const local = await startOneProcess(config, (name) => new JsonLogger(name, 'warn'), '127.0.0.1');
    try {
      await run('local', local.url, benched(await seeded(local.url, token, config.databaseUrl)), results, { 'one process': process.pid });
    } finally {
      await local.close();
      await dropTestDatabase(localDb);
    }
  }

  report(results, anchor, memory);
  if (loop) {
    process.stdout.write(
      `\nBot loop (mesh): ${loop.events} events delivered at ${loop.eventsPerSecond.toFixed(0)} events/s to a bot answering at once ` +
        `(chat messages created at ${loop.createdPerSecond.toFixed(0)}/s by 32 concurrent users; the last event arrived ${loop.drainLagMs} ms after the last message); ` +
        `a backlog of ${loop.events} events in 32 conversations delivered at ${loop.backlogEventsPerSecond.toFixed(0)} events/s, ` +
        `one of ${loop.spread} events, one in each of ${loop.spread} conversations, at ${loop.spreadEventsPerSecond.toFixed(0)} events/s; ` +
        `chat createMessage → echo bot reply on the listener over ${loop.roundTrips} round trips: median ${loop.roundTripP50Ms.toFixed(1)} ms, p90 ${loop.roundTripP90Ms.toFixed(1)} ms, p99 ${loop.roundTripP99Ms.toFixed(1)} ms\n` +
        `CPU ms per event while ingesting: ${cpuList(loop.ingestCpuMsPerEvent)}\n` +
        `CPU ms per event while the backlog drains: ${cpuList(loop.backlogCpuMsPerEvent)}\n` +
        `CPU ms per event while the spread backlog drains: ${cpuList(loop.spreadCpuMsPerEvent)}\n` +
        `Chat turns (32 users at once, each writing to the echo bot and waiting for its reply, ${loop.turns} turns): ${loop.turnsPerSecond.toFixed(0)} turns/s, ` +
        `median ${loop.turnP50Ms.toFixed(1)} ms, p99 ${loop.turnP99Ms.toFixed(1)} ms; CPU ms per turn: ${cpuList(loop.turnCpuMs)}\n`,
    );
  }
  if (deployed) {
    process.stdout.write(
      `\nDeployed bot (one sdk 5.4.3 bundle built by bp build): chat createMessage → reply on the listener, ` +
        `run by the bots service: median ${deployed.deployedP50Ms.toFixed(1)} ms, p90 ${deployed.deployedP90Ms.toFixed(1)} ms; ` +
        `served over HTTP by bp serve: median ${deployed.servedP50Ms.toFixed(1)} ms, p90 ${deployed.servedP90Ms.toFixed(1)} ms. ` +
        `Cold start (deploy answered → first reply): ${deployed.coldStartMs} ms. Memory of an idle deployed bot: ${deployed.idleBotRssMb.toFixed(0)} MB resident\n`,
    );
  }
  if (files) process.stdout.write(reportFiles(files));
  if (semantic) process.stdout.write(reportSemanticSearch(semantic));
}

type Measured = Measurement & { cpuMsPerRequest: Record<string, number>; serverCpuMsPerRequest: Record<string, number> };
/** Per operation: the mesh, the one process, and the raw hop measured beside the mesh. */
type Results = Record<string, { mesh?: Measured; local?: Measured; anchor?: Measured }>;

/** One operation under load, with the CPU time each given process spent per request meanwhile. */
async function measured(url: string, op: Operation, pids: Record<string, number>, seconds = DURATION_S, warmUp = true): Promise<Measured> {
  if (warmUp) await measure(url, op, CONNECTIONS, 1);
  const cpuSince = startCpuCount(pids);
  const m = await measure(url, op, CONNECTIONS, seconds);
  const { processes: cpuMsPerRequest, servers: serverCpuMsPerRequest } = cpuSince(m.requests);
  // Let the last in-flight requests of the load finish before anything shuts down.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { ...m, cpuMsPerRequest, serverCpuMsPerRequest };
}

/** The operation on the mesh and the raw hop, each warmed up, then in `ROUNDS` bursts taken in turns. */
async function sideBySide(url: string, op: Operation, pids: Record<string, number>, raw: RawHop): Promise<{ mesh: Measured; anchor: Measured }> {
  await measure(url, op, CONNECTIONS, 1);
  await measure(raw.url, raw.operation, CONNECTIONS, 1);
  const [meshBursts, anchorBursts]: Measured[][] = [[], []];
  // autocannon counts requests per second: bursts last whole seconds.
  const seconds = (total: number) => Math.max(1, Math.round(total / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    anchorBursts.push(await measured(raw.url, raw.operation, raw.pids, seconds(ANCHOR_S), false));
    meshBursts.push(await measured(url, op, pids, seconds(DURATION_S), false));
  }
  return { mesh: combined(meshBursts), anchor: combined(anchorBursts) };
}

/** Bursts of one load as one measurement: requests and CPU summed, throughput and latency percentiles averaged over the bursts. */
function combined(bursts: Measured[]): Measured {
  const requests = bursts.reduce((sum, b) => sum + b.requests, 0);
  const mean = (value: (b: Measured) => number) => bursts.reduce((sum, b) => sum + value(b), 0) / bursts.length;
  const perRequest = (field: 'cpuMsPerRequest' | 'serverCpuMsPerRequest') => {
    const names = Object.keys(bursts[0][field]);
    return Object.fromEntries(names.map((name) => [name, bursts.reduce((sum, b) => sum + (b[field][name] ?? 0) * b.requests, 0) / Math.max(1, requests)]));
  };
  return {
    rps: mean((b) => b.rps),
    p50: Math.round(mean((b) => b.p50) * 10) / 10,
    p99: Math.round(mean((b) => b.p99) * 10) / 10,
    requests,
    failures: bursts.reduce((sum, b) => sum + b.failures, 0),
    cpuMsPerRequest: perRequest('cpuMsPerRequest'),
    serverCpuMsPerRequest: perRequest('serverCpuMsPerRequest'),
  };
}

function printLine(mode: string, name: string, m: Measured): void {
  process.stdout.write(
    `${mode.padEnd(5)} ${name.padEnd(22)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${m.failures} failed of ${m.requests}); ` +
      `CPU ms/request: ${cpuList(m.cpuMsPerRequest)}; servers: ${cpuList(m.serverCpuMsPerRequest)}\n`,
  );
}

function cpuList(msByProcess: Record<string, number>): string {
  return Object.entries(msByProcess)
    .map(([process, ms]) => `${process} ${ms.toFixed(2)}`)
    .join(', ');
}

async function run(mode: 'mesh' | 'local', url: string, operations: Operation[], results: Results, pids: Record<string, number>, raw?: RawHop) {
  for (const op of operations) {
    const result = (results[op.name] ??= {});
    if (raw) {
      const { mesh, anchor } = await sideBySide(url, op, pids, raw);
      [result[mode], result.anchor] = [mesh, anchor];
      printLine('raw', `beside ${op.name}`, anchor);
    } else {
      result[mode] = await measured(url, op, pids);
    }
    const m = result[mode]!;
    printLine(mode, op.name, m);
    if (m.failures > 0) throw new Error(`${op.name} failed ${m.failures} times under load in ${mode} mode`);
  }
}

function report(results: Results, anchor: Measured | undefined, memory: Record<string, number>) {
  const lines = [
    `\n${CONNECTIONS} connections, ${DURATION_S} s per operation. raw hop = node:http → NATS → node + pg primary-key read (the anchor, ` +
      `measured for ${ANCHOR_S} s beside each operation on the mesh, in ${ROUNDS} rounds taken in turns with it, the ratios taken against that); ` +
      `mesh = gateway + services as separate processes over NATS; in-process = one process, no NATS.\n`,
    anchor ? `raw hop at the start: ${anchor.rps.toFixed(0)} req/s, p50 / p99 ${anchor.p50} / ${anchor.p99} ms\n` : '',
    "| operation | mesh req/s | mesh p50 / p99 ms | raw hop req/s beside it | mesh ÷ raw hop (req/s) | mesh p99 ÷ raw p99 | in-process req/s | in-process p50 / p99 ms | mesh CPU ms/request (gateway + services) | ÷ raw hop's | Postgres + NATS CPU ms/request |",
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, { mesh, local, anchor: beside = anchor }] of Object.entries(results)) {
    if (!mesh) continue;
    const cpu = total(mesh.cpuMsPerRequest);
    const cells = [
      name,
      mesh.rps.toFixed(0),
      `${mesh.p50} / ${mesh.p99}`,
      beside ? beside.rps.toFixed(0) : '-',
      beside ? (mesh.rps / beside.rps).toFixed(2) : '-',
      beside ? (mesh.p99 / Math.max(1, beside.p99)).toFixed(1) : '-',
      local ? local.rps.toFixed(0) : '-',
      local ? `${local.p50} / ${local.p99}` : '-',
      cpu.toFixed(2),
      beside ? (cpu / total(beside.cpuMsPerRequest)).toFixed(1) : '-',
      total(mesh.serverCpuMsPerRequest).toFixed(2),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  if (anchor) lines.push(`\nraw hop CPU ms/request: ${cpuList(anchor.cpuMsPerRequest)}; servers: ${cpuList(anchor.serverCpuMsPerRequest)}`);
  lines.push(
    `mesh memory after the run (MB resident): ${Object.entries(memory)
      .map(([p, mb]) => `${p} ${mb.toFixed(0)}`)
      .join(', ')}`,
  );
  process.stdout.write(lines.join('\n') + '\n');
}

function total(msByProcess: Record<string, number>): number {
  return Object.values(msByProcess).reduce((sum, ms) => sum + ms, 0);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});

/**
 * The operations, their data seeded, and the database maintained: the plans measured are those of
 * a running platform, whose statistics can cost planning time (a search's estimate read them), not
 * those of an empty database.
 */
async function seeded(baseUrl: string, token: string, databaseUrl: string): Promise<Operation[]> {
  const operations = await prepareOperations(baseUrl, token);
  await maintain(databaseUrl);
  return operations;
}

/**
 * The database vacuumed and analysed, as autovacuum does within a minute of a burst of writes on
 * a running platform. A test machine's Postgres may run without autovacuum (this one's does), and
 * there the dead rows and the statistics of one case would be those of the next: after the
 * operations, the chat messages of the bot loop each updated a conversation whose every lookup
 * scanned the table's dead rows (a plan made when the table held a few conversations), 60 to 230
 * pages a lookup.
 */
async function maintain(databaseUrl: string): Promise<void> {
  await sql('VACUUM (ANALYZE)', [], databaseUrl);
}
