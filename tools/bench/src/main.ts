import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@platform/config';
import { createTestDatabase, dropTestDatabase, freePort, Mesh } from '@platform/testing';
import { startInProcess } from './in-process';
import { measure, Measurement, Operation } from './load';
import { BotLoopFigures, measureBotLoop } from './bot-loop';
import { DeployedBotFigures, measureDeployedBot } from './deployed-bot';
import { prepareOperations } from './fixtures';
import { FilesFigures, measureFiles, reportFiles } from './files';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** `BENCH_ONLY=files,bot-loop`: only these cases (operations, bot-loop, deployed-bot, files, in-process); all by default. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((c) => c.trim());
const wants = (name: string) => !ONLY || ONLY.includes(name);

/**
 * `npm run bench`: each core operation under concurrent load through the gateway, once on the
 * real mesh (separate processes over NATS) and once with everything in one process without
 * NATS, in the same run, so the figures can be compared side by side.
 */
async function main() {
  const runId = randomBytes(3).toString('hex');
  const token = `bp_pat_bench_${randomBytes(16).toString('hex')}`;
  const results: Record<string, { mesh?: Measurement; local?: Measurement }> = {};
  // The load comes from one address with one token, far past what one client is allowed.
  Object.assign(process.env, { RATE_LIMIT_PER_CLIENT: '0', RATE_LIMIT_PER_CREDENTIAL: '0', RATE_LIMIT_AUTH_FAILURES: '0' });

  // The bot loop's bot listens on this machine; its platform must be allowed to deliver there.
  process.env.DELIVERY_ALLOWED_NETWORKS ??= '127.0.0.0/8';
  const meshDb = `bp_bench_mesh_${runId}`;
  const mesh = await Mesh.start({
    databaseUrl: await createTestDatabase(meshDb),
    natsPrefix: `bench_${runId}`,
    bootstrapToken: token,
    logDir: join(tmpdir(), `bp-bench-${runId}`),
  });
  let loop: BotLoopFigures | undefined;
  let deployed: DeployedBotFigures | undefined;
  let files: FilesFigures | undefined;
  try {
    if (wants('operations')) await run('mesh', mesh.url, await prepareOperations(mesh.url, token), results);
    if (wants('bot-loop')) loop = await measureBotLoop(mesh.url, token);
    if (wants('deployed-bot')) deployed = await measureDeployedBot(mesh.url, token);
    if (wants('files')) files = await measureFiles(mesh, token);
  } finally {
    await mesh.stopAll();
    await dropTestDatabase(meshDb);
  }

  if (wants('operations') && wants('in-process')) {
    const localDb = `bp_bench_local_${runId}`;
    const config = loadConfig(process.env, { databaseUrl: await createTestDatabase(localDb), bootstrapToken: token, port: await freePort() });
    const local = await startInProcess(config);
    try {
      await run('local', local.url, await prepareOperations(local.url, token), results);
    } finally {
      await local.close();
      await dropTestDatabase(localDb);
    }
  }

  report(results);
  if (loop) {
    process.stdout.write(
      `\nBot loop (mesh): ${loop.events} events delivered at ${loop.eventsPerSecond.toFixed(0)} events/s to a bot answering at once ` +
        `(chat messages created at ${loop.createdPerSecond.toFixed(0)}/s by 32 concurrent users; the last event arrived ${loop.drainLagMs} ms after the last message); ` +
        `chat createMessage → echo bot reply on the listener over ${loop.roundTrips} round trips: median ${loop.roundTripP50Ms.toFixed(1)} ms, p90 ${loop.roundTripP90Ms.toFixed(1)} ms\n`,
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
}

async function run(mode: 'mesh' | 'local', url: string, operations: Operation[], results: Record<string, { mesh?: Measurement; local?: Measurement }>) {
  for (const op of operations) {
    await measure(url, op, CONNECTIONS, 1); // warm-up
    const m = await measure(url, op, CONNECTIONS, DURATION_S);
    (results[op.name] ??= {})[mode] = m;
    // Let the last in-flight requests of the load finish before anything shuts down.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.stdout.write(
      `${mode.padEnd(5)} ${op.name.padEnd(22)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${m.failures} failed of ${m.requests})\n`,
    );
    if (m.failures > 0) throw new Error(`${op.name} failed ${m.failures} times under load in ${mode} mode`);
  }
}

function report(results: Record<string, { mesh?: Measurement; local?: Measurement }>) {
  const lines = [
    `\n${CONNECTIONS} connections, ${DURATION_S} s per operation. mesh = gateway + services as separate processes over NATS; in-process = one process, no NATS.\n`,
    '| operation | mesh req/s | mesh p50 / p99 ms | in-process req/s | in-process p50 / p99 ms | req/s ratio mesh ÷ in-process |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [name, { mesh, local }] of Object.entries(results)) {
    if (!mesh || !local) continue;
    lines.push(
      `| ${name} | ${mesh.rps.toFixed(0)} | ${mesh.p50} / ${mesh.p99} | ${local.rps.toFixed(0)} | ${local.p50} / ${local.p99} | ${(mesh.rps / local.rps).toFixed(2)} |`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
