declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all, spread evenly over the connections, instead of a duration. */
    amount?: number;
    /** Milliseconds between samples (1,000 by default); the result comes at the first sample after the run ends. */
    sampleInt?: number;
    requests?: Request[];
    headers?: Record<string, string>;
    /** Requests per second over all connections (no limit when absent). */
    overallRate?: number;
    /** Called with each connection's client before it sends anything. */
    setupClient?: (client: { setRequests(requests: Request[]): void }) => void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds from the first request to the result. */
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
