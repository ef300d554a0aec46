/**
 * What the machine, the server's database pool and PostgreSQL were doing, second by second, during the
 * soak (bench/src/soak.ts): so a slow minute can be laid beside its cause. Every second it reads
 *  - the machine's CPU (/proc/stat): busy and iowait shares of all cores, and the load's run queue;
 *  - the server's PostgreSQL pool (GET /metrics with METRICS_TOKEN): connections in use and queries
 *    waiting for one (civicpulse_db_pool_connections);
 *  - PostgreSQL (pg_stat_activity of the soak's database): sessions running a statement and those
 *    waiting on a lock, on I/O or on a lightweight lock; autovacuum workers; and the buffers the
 *    checkpointer and the backends wrote since the last second (pg_stat_bgwriter).
 * The readings are summed up per minute (the worst second) and for the seconds whose requests were
 * slowest (worstSecondsTable).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { pct } from './soak-report.js';
import type { Sample } from './soak-load.js';

export interface Second {
  /** ms from the soak's start (the end of the second read). */
  t: number;
  /** Shares of all cores, 0..1. */
  cpuBusy?: number;
  cpuIowait?: number;
  /** Processes runnable now (/proc/loadavg's fourth field, before the slash). */
  running?: number;
  poolInUse?: number;
  poolWaiting?: number;
  pgActive?: number;
  pgLock?: number;
  pgIo?: number;
  pgLwlock?: number;
  /** Sessions inside a transaction but running nothing: a connection the server holds while it does other work. */
  pgIdleInTx?: number;
  autovacuum?: number;
  checkpointBuffers?: number;
  backendBuffers?: number;
}

function cpuTimes(): { total: number; idle: number; iowait: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const total = f.slice(0, 8).reduce((a, v) => a + v, 0);
    return { total, idle: f[3]!, iowait: f[4]! };
  } catch {
    return undefined;
  }
}

function running(): number | undefined {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3]!.split('/')[0]);
  } catch {
    return undefined;
  }
}

/** A gauge's value from Prometheus text, e.g. civicpulse_db_pool_connections{state="waiting"}. */
export function gauge(text: string, name: string, labels: string): number | undefined {
  const at = text.indexOf(`${name}{${labels}} `);
  if (at < 0) return undefined;
  const v = Number(text.slice(at + name.length + labels.length + 3).split('\n')[0]);
  return Number.isFinite(v) ? v : undefined;
}

export class SoakWatch {
  readonly seconds: Second[] = [];
  private timer: NodeJS.Timeout | undefined;
  private client: pg.Client | undefined;
  private lastCpu = cpuTimes();
  private lastBg: { checkpoint: number; backend: number } | undefined;
  private busy = false;

  constructor(
    private readonly serverUrl: string,
    private readonly metricsToken: string,
    private readonly databaseUrl: string,
  ) {}

  async start(startedAt: number): Promise<void> {
    this.client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'soak-watch' });
    await this.client.connect();
    this.lastBg = await this.bgwriter();
    this.timer = setInterval(() => {
      if (this.busy) return; // a slow reading skips a second rather than piling up
      this.busy = true;
      void this.read(performance.now() - startedAt).finally(() => (this.busy = false));
    }, 1000);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.client?.end().catch(() => {});
  }

  private async bgwriter(): Promise<{ checkpoint: number; backend: number } | undefined> {
    const r = await this.client!.query<{ c: string; b: string }>('SELECT buffers_checkpoint AS c, buffers_backend AS b FROM pg_stat_bgwriter').catch(() => undefined);
    const row = r?.rows[0];
    return row ? { checkpoint: Number(row.c), backend: Number(row.b) } : undefined;
  }

  private async read(t: number): Promise<void> {
    const s: Second = { t, running: running() };
    const cpu = cpuTimes();
    if (cpu && this.lastCpu && cpu.total > this.lastCpu.total) {
      const dt = cpu.total - this.lastCpu.total;
      s.cpuBusy = 1 - (cpu.idle - this.lastCpu.idle + cpu.iowait - this.lastCpu.iowait) / dt;
      s.cpuIowait = (cpu.iowait - this.lastCpu.iowait) / dt;
    }
    this.lastCpu = cpu;
    const [metrics, activity, bg] = await Promise.all([
      fetch(`${this.serverUrl}/metrics`, { headers: { authorization: `Bearer ${this.metricsToken}` }, signal: AbortSignal.timeout(900) })
        .then((r) => (r.ok ? r.text() : undefined))
        .catch(() => undefined),
      this.client!.query<{ active: string; lock: string; io: string; lwlock: string; idle_tx: string; autovacuum: string }>(
        `SELECT count(*) FILTER (WHERE state = 'active' AND backend_type = 'client backend') AS active,
                count(*) FILTER (WHERE wait_event_type = 'Lock') AS lock,
                count(*) FILTER (WHERE wait_event_type = 'IO' AND backend_type = 'client backend') AS io,
                count(*) FILTER (WHERE wait_event_type = 'LWLock' AND backend_type = 'client backend') AS lwlock,
                count(*) FILTER (WHERE state = 'idle in transaction') AS idle_tx,
                count(*) FILTER (WHERE backend_type = 'autovacuum worker') AS autovacuum
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      ).catch(() => undefined),
      this.bgwriter(),
    ]);
    if (metrics) {
      const total = gauge(metrics, 'civicpulse_db_pool_connections', 'state="total"');
      const idle = gauge(metrics, 'civicpulse_db_pool_connections', 'state="idle"');
      s.poolWaiting = gauge(metrics, 'civicpulse_db_pool_connections', 'state="waiting"');
      // The /metrics request itself takes no pool connection.
      if (total !== undefined && idle !== undefined) s.poolInUse = total - idle;
    }
    const a = activity?.rows[0];
    if (a) {
      s.pgActive = Number(a.active);
      s.pgLock = Number(a.lock);
      s.pgIo = Number(a.io);
      s.pgLwlock = Number(a.lwlock);
      s.pgIdleInTx = Number(a.idle_tx);
      s.autovacuum = Number(a.autovacuum);
    }
    if (bg && this.lastBg) {
      s.checkpointBuffers = bg.checkpoint - this.lastBg.checkpoint;
      s.backendBuffers = bg.backend - this.lastBg.backend;
    }
    if (bg) this.lastBg = bg;
    this.seconds.push(s);
  }

  /** The worst reading of each field over [from, to) ms. */
  worst(from: number, to: number): Second | undefined {
    return worstOf(this.seconds.filter((s) => s.t > from && s.t <= to + 1000), to);
  }
}

/** The worst reading of each field of `readings` (buffers: their sum), stamped `t`; undefined for none. */
export function worstOf(readings: readonly Second[], t: number): Second | undefined {
  if (readings.length === 0) return undefined;
  const max = (k: keyof Second) => {
    const vs = readings.map((s) => s[k]).filter((v): v is number => v !== undefined);
    return vs.length ? Math.max(...vs) : undefined;
  };
  const sum = (k: keyof Second) => readings.reduce((acc, s) => acc + (s[k] ?? 0), 0);
  return {
    t,
    cpuBusy: max('cpuBusy'),
    cpuIowait: max('cpuIowait'),
    running: max('running'),
    poolInUse: max('poolInUse'),
    poolWaiting: max('poolWaiting'),
    pgActive: max('pgActive'),
    pgLock: max('pgLock'),
    pgIo: max('pgIo'),
    pgLwlock: max('pgLwlock'),
    pgIdleInTx: max('pgIdleInTx'),
    autovacuum: max('autovacuum'),
    checkpointBuffers: sum('checkpointBuffers'),
    backendBuffers: sum('backendBuffers'),
  };
}

/** What "idle" means before the soak starts (settle()). */
export interface QuietRule {
  /** Consecutive quiet seconds needed. */
  seconds: number;
  /** The machine's CPU busy share a quiet second stays under (0..1). */
  cpuBelow: number;
  /** PostgreSQL client sessions running a statement a quiet second allows (the server's background workers poll). */
  pgActiveAtMost: number;
}

export const DEFAULT_QUIET: QuietRule = { seconds: 5, cpuBelow: 0.25, pgActiveAtMost: 1 };

/**
 * Whether the last `rule.seconds` readings are all quiet: the machine's CPU under `cpuBelow`, no query
 * waiting for the server's pool and at most `pgActiveAtMost` PostgreSQL sessions running. A reading
 * without a figure is not quiet (a /metrics request that timed out is a busy server).
 */
export function quiet(readings: readonly Second[], rule: QuietRule = DEFAULT_QUIET): boolean {
  if (readings.length < rule.seconds) return false;
  return readings
    .slice(-rule.seconds)
    .every((s) => s.cpuBusy !== undefined && s.cpuBusy < rule.cpuBelow && s.poolWaiting === 0 && s.pgActive !== undefined && s.pgActive <= rule.pgActiveAtMost);
}

/**
 * Waits, reading every second as the soak does, until the machine and the server are quiet (quiet())
 * or `maxSeconds` have passed: between the capacity search, whose last step goes past capacity by
 * design, and the soak, so the soak does not start while work that step queued is still running. The
 * readings come back for the report, which so says what the soak started in. (Issue 31: a soak whose
 * first two minutes had p99 7.7 and 12.6 s after a deep failed step. A quiet start alone does not
 * cure that: after a step that answered 121 of 153 req/s the machine was at 7% within 5 s, and the
 * soak's first minute still had p99 3.6 s. openStep now stops a failing step early, so the search goes
 * less deep; whether that cures it is not shown yet.)
 */
export async function settle(serverUrl: string, metricsToken: string, databaseUrl: string, maxSeconds: number, rule: QuietRule = DEFAULT_QUIET): Promise<{ seconds: number; settled: boolean; readings: Second[] }> {
  const watch = new SoakWatch(serverUrl, metricsToken, databaseUrl);
  const t0 = performance.now();
  await watch.start(t0);
  try {
    while (!quiet(watch.seconds, rule) && performance.now() - t0 < maxSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, 250));
  } finally {
    await watch.stop();
  }
  return { seconds: (performance.now() - t0) / 1000, settled: quiet(watch.seconds, rule), readings: watch.seconds };
}

/** One line on the wait between the capacity search and the soak (settle()). */
export function settleLine(r: { seconds: number; settled: boolean; readings: Second[] }, rule: QuietRule = DEFAULT_QUIET): string {
  const first = r.readings[0];
  const w = worstOf(r.readings, r.seconds * 1000);
  const was = first
    ? `the first second after it: machine CPU ${pc(first.cpuBusy)}, pool waiting ${n0(first.poolWaiting)}, PG running ${n0(first.pgActive)}, autovacuum ${n0(first.autovacuum)}; the worst second: CPU ${pc(w?.cpuBusy)}, pool waiting ${n0(w?.poolWaiting)}, PG running ${n0(w?.pgActive)}`
    : 'no readings';
  const rules = `${rule.seconds} seconds in a row with the machine's CPU under ${Math.round(rule.cpuBelow * 100)}%, no query waiting for the pool and at most ${rule.pgActiveAtMost} PostgreSQL session running`;
  return r.settled
    ? `Between the capacity search and the soak the bench waited ${r.seconds.toFixed(0)} s for the machine to settle (${rules}); ${was}.`
    : `The machine did not settle within ${r.seconds.toFixed(0)} s of the capacity search (${rules}); the soak started anyway; ${was}.`;
}

const pc = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v * 100)}%`);
const n0 = (v: number | undefined) => (v === undefined ? '–' : String(Math.round(v)));

/** Per minute: the worst second's readings (buffers: the minute's sum). */
export function minuteWatchTable(watch: SoakWatch, minutes: Array<{ index: number; from: number; to: number }>): string {
  const lines = [
    '| minute | machine CPU busy / iowait (worst second) | runnable (max) | pool in use / waiting (max) | PG running / lock / IO / LWLock waits / idle in transaction (max) | autovacuum workers (max) | buffers written by checkpoint / backends |',
    '|---:|---|---:|---|---|---:|---|',
  ];
  for (const m of minutes) {
    const w = watch.worst(m.from, m.to);
    if (!w) continue;
    lines.push(
      `| ${m.index} | ${pc(w.cpuBusy)} / ${pc(w.cpuIowait)} | ${n0(w.running)} | ${n0(w.poolInUse)} / ${n0(w.poolWaiting)} | ${n0(w.pgActive)} / ${n0(w.pgLock)} / ${n0(w.pgIo)} / ${n0(w.pgLwlock)} / ${n0(w.pgIdleInTx)} | ${n0(w.autovacuum)} | ${n0(w.checkpointBuffers)} / ${n0(w.backendBuffers)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The `count` seconds whose scheduled requests had the highest p99, each with the readings of that
 * second and the one before (a queue builds before it shows): what was busy when the answers were slow.
 */
export function worstSecondsTable(watch: SoakWatch, samples: Sample[], start: number, count = 8): string {
  const bySecond = new Map<number, number[]>();
  for (const s of samples) {
    const k = Math.floor((s.due - start) / 1000);
    const list = bySecond.get(k) ?? [];
    list.push(s.ms);
    bySecond.set(k, list);
  }
  const ranked = [...bySecond]
    .map(([sec, ms]) => ({ sec, n: ms.length, p99: pct(ms.sort((a, b) => a - b), 99), p50: pct(ms, 50) }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, count)
    .sort((a, b) => a.sec - b.sec);
  const lines = [
    '| second | requests due | p50 / p99 ms | machine CPU busy / iowait | runnable | pool in use / waiting | PG running / lock / IO / LWLock waits / idle in transaction | autovacuum | buffers by checkpoint / backends |',
    '|---:|---:|---|---|---:|---|---|---:|---|',
  ];
  for (const r of ranked) {
    const w = watch.worst((r.sec - 1) * 1000, (r.sec + 1) * 1000);
    lines.push(
      `| ${r.sec} | ${r.n} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} | ${w ? `${pc(w.cpuBusy)} / ${pc(w.cpuIowait)}` : '–'} | ${n0(w?.running)} | ${w ? `${n0(w.poolInUse)} / ${n0(w.poolWaiting)}` : '–'} | ${w ? `${n0(w.pgActive)} / ${n0(w.pgLock)} / ${n0(w.pgIo)} / ${n0(w.pgLwlock)} / ${n0(w.pgIdleInTx)}` : '–'} | ${n0(w?.autovacuum)} | ${w ? `${n0(w.checkpointBuffers)} / ${n0(w.backendBuffers)}` : '–'} |`,
    );
  }
  return lines.join('\n');
}
