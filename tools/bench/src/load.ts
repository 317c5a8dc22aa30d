import autocannon = require('autocannon');

export interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /**
   * Where each connection sends it instead, in turn (connection i takes the i-th, wrapping): each
   * user writing in a conversation of their own rather than all of them in one.
   */
  perConnection?: Array<{ path: string; body?: unknown }>;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

/** Drives one operation with concurrent connections (at `overallRate` requests per second, if given) and summarises throughput and latency. */
export async function measure(baseUrl: string, op: Operation, connections: number, durationSeconds: number, overallRate?: number): Promise<Measurement> {
  const headers = { ...op.headers, ...(op.body !== undefined ? { 'content-type': 'application/json' } : {}) };
  const request = ({ path, body }: { path: string; body?: unknown }) => ({
    method: op.method,
    path,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const targets = op.perConnection;
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    ...(overallRate ? { overallRate } : {}),
    requests: [request(op)],
    setupClient: targets ? (client) => client.setRequests([request(targets[connection++ % targets.length])]) : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
