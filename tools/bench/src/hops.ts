import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { connect } from 'nats';
import { ReplyInbox } from '@platform/messaging';
import { freePort } from '@platform/testing';
import { cpuMs } from './cpu-time';
import { measure, Operation } from './load';
import { started } from './raw-hop/raw-hop';

/** Bursts of each side, alternated, so that a machine whose speed drifts weighs on both alike. */
const ROUNDS = Number(process.env.BENCH_HOP_ROUNDS ?? 8);
const BURST_S = 2;
const CONNECTIONS = 16;
/**
 * Both sides of a hop take the same requests per second, well within what either serves: what a
 * request costs a process depends on how many arrive together (they share its socket writes and
 * wake-ups), so the two are compared at one rate.
 */
const GATEWAY_RATE = 800;
const EDGE_RATE = 2000;

/** What the stand-in services answer: a runtime state, as getState answers one. */
const STATE = {
  state: {
    id: 'state_1',
    botId: 'bot_1',
    conversationId: 'conv_1',
    type: 'conversation',
    name: 'session',
    payload: { step: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

export interface HopFigures {
  /** CPU µs per request of the hop's own process, the platform's and its raw counterpart's. */
  hops: Array<{ hop: string; platformUs: number; rawUs: number; requests: number }>;
}

/**
 * The cost of one hop of each kind, each beside its raw counterpart, with nothing behind it but a
 * stand-in that answers at once (no database, no other service), so what is measured is the hop
 * alone: the platform's gateway forwarding a runtime read, beside the raw hop's gateway
 * forwarding its read; a service's edge (NATS, Nest, the request context) answering a request
 * with a handler that answers at once, beside a plain nats.js responder.
 */
export async function measureHops(natsUrl: string, prefix: string): Promise<HopFigures> {
  const nc = await connect({ servers: natsUrl, noAsyncTraces: true });
  const children: ChildProcess[] = [];
  try {
    const launch = async (script: string, env: Record<string, string>) => {
      const child = spawn(process.execPath, ['-r', join(__dirname, '..', '..', '..', '..', 'tools', 'register-paths.js'), join(__dirname, script)], {
        env: { ...process.env, NATS_URL: natsUrl, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return started(child);
    };

    // Gateways: the platform's and the raw hop's, each in front of a stand-in answering from the bench.
    const answer = new TextEncoder().encode(JSON.stringify({ v: { result: STATE } }));
    nc.subscribe(`${prefix}_gw.runtime.runtime.getState`, { callback: (_error, message) => message.respond(answer) });
    const row = new TextEncoder().encode(JSON.stringify(STATE));
    nc.subscribe(`${prefix}_raw.raw.get`, { callback: (_error, message) => message.respond(row) });
    await nc.flush();
    const gatewayPort = await freePort();
    const rawPort = await freePort();
    const limitsOff = { RATE_LIMIT_PER_CLIENT: '0', RATE_LIMIT_PER_CREDENTIAL: '0', RATE_LIMIT_AUTH_FAILURES: '0' };
    const gateway = await launch('hops/gateway-process.js', { ...limitsOff, NATS_PREFIX: `${prefix}_gw`, PORT: String(gatewayPort) });
    const raw = await launch('raw-hop/raw-gateway.js', { NATS_PREFIX: `${prefix}_raw`, PORT: String(rawPort) });
    const getState: Operation = {
      name: 'getState',
      method: 'GET',
      path: '/v1/chat/states/conversation/conv_1/session',
      headers: { authorization: 'Bearer bp_pat_bench_hops_0123456789abcdef', 'x-bot-id': 'bot_1' },
    };
    const rawRead: Operation = { name: 'raw read', method: 'GET', path: '/items/state_1', headers: {} };
    const gateways = await alternate(
      { pid: gateway.pid!, burst: async () => (await measure(`http://127.0.0.1:${gatewayPort}`, getState, CONNECTIONS, BURST_S, GATEWAY_RATE)).requests },
      { pid: raw.pid!, burst: async () => (await measure(`http://127.0.0.1:${rawPort}`, rawRead, CONNECTIONS, BURST_S, GATEWAY_RATE)).requests },
    );

    // Service edges: the platform's, and a plain responder, each asked through one reply inbox.
    const edge = await launch('hops/service-process.js', { NATS_PREFIX: `${prefix}_svc`, LOG_LEVEL: 'warn' });
    const plain = await launch('hops/raw-responder.js', { NATS_PREFIX: `${prefix}_plain` });
    const inbox = new ReplyInbox(nc);
    const frame = new TextEncoder().encode(
      JSON.stringify({ v: { requestId: 'bench-hops', caller: { service: 'chat' }, body: { text: 'hello '.repeat(20) } } }),
    );
    // EDGE_RATE requests per second, sent a hundredth of a second's worth at a time.
    const ask = (subject: string) => async () => {
      const sent: Promise<unknown>[] = [];
      for (let tick = 0; tick < BURST_S * 100; tick++) {
        for (let i = 0; i < EDGE_RATE / 100; i++) sent.push(inbox.request(subject, frame, 5000));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(sent);
      return sent.length;
    };
    const edges = await alternate({ pid: edge.pid!, burst: ask(`${prefix}_svc.hops.echo`) }, { pid: plain.pid!, burst: ask(`${prefix}_plain.hops.echo`) });
    return {
      hops: [
        { hop: 'gateway: a runtime read forwarded to a stand-in service', ...gateways },
        { hop: 'service edge: NATS → Nest → a handler answering at once', ...edges },
      ],
    };
  } finally {
    for (const child of children) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await nc.close();
  }
}

interface Side {
  pid: number;
  /** Runs one burst of load, answering the requests it made. */
  burst: () => Promise<number>;
}

/** CPU µs per request of each side's process, over alternating bursts (the first of each only warms up). */
async function alternate(platform: Side, raw: Side): Promise<{ platformUs: number; rawUs: number; requests: number }> {
  const totals = new Map<Side, { cpuMs: number; requests: number }>([
    [platform, { cpuMs: 0, requests: 0 }],
    [raw, { cpuMs: 0, requests: 0 }],
  ]);
  for (let round = 0; round <= ROUNDS; round++) {
    for (const side of round % 2 ? [raw, platform] : [platform, raw]) {
      const before = cpuMs(side.pid);
      const requests = await side.burst();
      if (round === 0) continue;
      const total = totals.get(side)!;
      total.cpuMs += cpuMs(side.pid) - before;
      total.requests += requests;
    }
  }
  const perRequestUs = (side: Side) => (1000 * totals.get(side)!.cpuMs) / Math.max(1, totals.get(side)!.requests);
  return { platformUs: perRequestUs(platform), rawUs: perRequestUs(raw), requests: totals.get(platform)!.requests };
}

export function reportHops(figures: HopFigures): string {
  const lines = [
    `\nHops, each beside its raw counterpart with a stand-in answering at once behind it (CPU µs per request of the hop's own process, ${ROUNDS} alternating bursts of ${BURST_S} s; gateways at ${GATEWAY_RATE} requests/s over ${CONNECTIONS} connections, service edges at ${EDGE_RATE}/s):`,
    '| hop | platform µs/request | raw µs/request | ÷ raw |',
    '|---|---:|---:|---:|',
    ...figures.hops.map((h) => `| ${h.hop} | ${h.platformUs.toFixed(0)} | ${h.rawUs.toFixed(0)} | ${(h.platformUs / h.rawUs).toFixed(1)} |`),
  ];
  return lines.join('\n') + '\n';
}
