import autocannon = require('autocannon');

export interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

/** Drives one operation with concurrent connections and summarises throughput and latency. */
export async function measure(baseUrl: string, op: Operation, connections: number, durationSeconds: number): Promise<Measurement> {
  const headers = { ...op.headers, ...(op.body !== undefined ? { 'content-type': 'application/json' } : {}) };
  const body = op.body !== undefined ? JSON.stringify(op.body) : undefined;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    requests: [{ method: op.method, path: op.path, headers, body }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
