import autocannon, { type Client } from 'autocannon';

export interface Measurement {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function measure(
  name: string,
  opts: {
    url: string;
    method?: 'GET' | 'POST' | 'PUT';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Called once per connection (its own headers or body: each connection signed in as someone else). */
    setupClient?: (client: Client) => void;
  },
): Promise<Measurement> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    connections: opts.connections ?? 10,
    duration: opts.duration ?? 5,
    ...(opts.setupClient ? { setupClient: opts.setupClient } : {}),
  });
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function table(rows: Measurement[], baseline?: string): string {
  const base = rows.find((r) => r.name === baseline);
  const lines = [
    '| case | req/s | p50 ms | p99 ms | requests | non-2xx |' + (base ? ' req/s vs baseline |' : ''),
    '|---|---:|---:|---:|---:|---:|' + (base ? '---:|' : ''),
  ];
  for (const r of rows) {
    const ratio = base ? ` ${(r.rps / base.rps).toFixed(3)}x |` : '';
    lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} |${ratio}`);
  }
  return lines.join('\n');
}
