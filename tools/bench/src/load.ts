import autocannon = require('autocannon');

export interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /**
   * Where each connection sends it instead, in turn (connection i takes the i-th, wrapping): each
   * user writing in a conversation of their own rather than all of them in one; `headers` add to
   * (or replace) the operation's, such as each user's own key.
   */
  perConnection?: Array<{ path: string; body?: unknown; headers?: Record<string, string> }>;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

/** Drives one operation with concurrent connections (at `overallRate` requests per second, if given) and summarises throughput and latency. */
export function measure(baseUrl: string, op: Operation, connections: number, durationSeconds: number, overallRate?: number): Promise<Measurement> {
  return drive(baseUrl, op, connections, { duration: durationSeconds, ...(overallRate ? { overallRate } : {}) });
}

/** Sends `requests` requests of the operation in all, spread evenly over the connections, each sent when the connection's last one is answered. */
export function send(baseUrl: string, op: Operation, connections: number, requests: number): Promise<Measurement> {
  // autocannon gives its result at the first sample after the last answer: samples 10 ms apart, so
  // the run's end is known to that, not to the default second.
  return drive(baseUrl, op, connections, { amount: requests, sampleInt: 10 });
}

async function drive(
  baseUrl: string,
  op: Operation,
  connections: number,
  limits: { duration?: number; overallRate?: number; amount?: number; sampleInt?: number },
): Promise<Measurement> {
  const request = ({ path, body, headers }: { path: string; body?: unknown; headers?: Record<string, string> }) => ({
    method: op.method,
    path,
    headers: { ...op.headers, ...headers, ...(op.body !== undefined || body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const targets = op.perConnection;
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    ...limits,
    requests: [request(op)],
    setupClient: targets ? (client) => client.setRequests([request(targets[connection++ % targets.length])]) : undefined,
  });
  return {
    // Samples are a second apart unless the run says otherwise.
    rps: limits.sampleInt ? result.requests.total / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
