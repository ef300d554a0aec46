/** The soak's figures and Markdown tables (bench/src/soak.ts), in the other benches' table style. */
import { readFileSync } from 'node:fs';
import { KINDS, KIND_LABELS, type Sample } from './soak-load.js';

export interface ProbeRow {
  concurrency: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** The server's CPU, cores (1 = one core busy). */
  serverCpu: number;
  /** This bench process's CPU (load generator and sockets), cores. */
  benchCpu: number;
}

export interface Minute {
  index: number;
  /** ms from the soak's start. */
  from: number;
  to: number;
  eld: { p50: number; p99: number; max: number } | undefined;
  serverCpu: number;
  benchCpu: number;
  benchEldP99: number;
  errors: number;
  rssMb?: number;
  heapMb?: number;
}

export interface MemPoint {
  /** ms from the soak's start. */
  t: number;
  mb: number;
}

export interface Fit {
  samples: number;
  mean: number;
  min: number;
  max: number;
  /** MB per minute. */
  slope: number;
  first: number;
  last: number;
  /** ms between the first and the last point. */
  span: number;
}

/** The p-th percentile of sorted values (nearest rank); NaN when empty. */
export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const f1 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(1));
const f0 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(0));

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Least squares over the points: the slope in MB per minute, and the mean. */
export function lineFit(points: MemPoint[]): Fit | undefined {
  if (points.length < 2) return undefined;
  const n = points.length;
  const xs = points.map((p) => p.t / 60_000);
  const mx = xs.reduce((a, x) => a + x, 0) / n;
  const my = points.reduce((a, p) => a + p.mb, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (points[i]!.mb - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const window = (from: number, to: number) => {
    const inside = points.filter((p) => p.t >= from && p.t < to);
    return inside.length ? inside.reduce((a, p) => a + p.mb, 0) / inside.length : NaN;
  };
  const t0 = points[0]!.t;
  const t1 = points[n - 1]!.t;
  return {
    samples: n,
    mean: my,
    min: Math.min(...points.map((p) => p.mb)),
    max: Math.max(...points.map((p) => p.mb)),
    slope: sxx > 0 ? sxy / sxx : 0,
    span: t1 - t0,
    first: window(t0, t0 + 60_000),
    last: window(t1 - 60_000, t1 + 1),
  };
}

export function probeTable(rows: ProbeRow[]): string {
  const best = rows.reduce((a, r) => (r.rps > a.rps ? r : a), rows[0]!);
  const lines = ['| workers (closed loop) | req/s | p50 ms | p99 ms | requests | errors | server CPU (cores) | bench CPU (cores) |', '|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(`| ${r.concurrency}${r === best ? ' (best)' : ''} | ${f0(r.rps)} | ${f1(r.p50)} | ${f1(r.p99)} | ${r.requests} | ${r.errors} | ${r.serverCpu.toFixed(2)} | ${r.benchCpu.toFixed(2)} |`);
  }
  return lines.join('\n');
}

/** One open-loop step of the capacity search (soak.ts). */
export interface StepRow {
  /** Requests/s sent, at fixed times. */
  offered: number;
  /** Answers/s, over the step and until the last of its answers arrived. */
  answered: number;
  p50: number;
  p99: number;
  /** p99 of the requests due in the first and in the second half of the step: a queue that grows shows here. */
  p99First: number;
  p99Second: number;
  max: number;
  errors: number;
  serverCpu: number;
  sustained: boolean;
  /** The step stopped early: this many seconds in, with this many requests waiting for their answer. */
  stopped?: { after: number; waiting: number };
}

export function stepTable(rows: StepRow[], sloMs: number): string {
  const lines = [
    `| offered req/s (open loop) | answered req/s | p50 ms | p99 ms | p99 1st half / 2nd half ms | max ms | errors | server CPU (cores) | sustained (both halves' p99 <= ${sloMs} ms, no error) |`,
    '|---:|---:|---:|---:|---|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    lines.push(`| ${f0(r.offered)} | ${f0(r.answered)} | ${f1(r.p50)} | ${f1(r.p99)} | ${f1(r.p99First)} / ${f1(r.p99Second)} | ${f1(r.max)} | ${r.errors} | ${r.serverCpu.toFixed(2)} | ${r.sustained ? 'yes' : '**no**'}${r.stopped ? ` (stopped after ${f0(r.stopped.after)} s: ${r.stopped.waiting} requests waiting)` : ''} |`);
  }
  return lines.join('\n');
}

export function kindTable(samples: Sample[], seconds: number): string {
  const lines = ['| request | requests | req/s | p50 ms | p99 ms | max ms | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  const row = (name: string, s: Sample[]) => {
    const ms = s.map((x) => x.ms).sort((a, b) => a - b);
    lines.push(`| ${name} | ${s.length} | ${f1(s.length / seconds)} | ${f1(pct(ms, 50))} | ${f1(pct(ms, 99))} | ${f1(ms[ms.length - 1])} | ${s.filter((x) => !x.ok).length} |`);
  };
  for (const k of KINDS) row(KIND_LABELS[k], samples.filter((s) => s.kind === k));
  row('**all**', samples);
  return lines.join('\n');
}

export function minuteTable(minutes: Minute[], samples: Sample[], start: number): string {
  const lines = [
    '| minute | requests | req/s | p50 ms | p99 ms | max ms | server ELD p50 / p99 / max ms | server CPU (cores) | bench CPU (cores) | bench ELD p99 ms | RSS MB (end) | heap MB (mean) | errors |',
    '|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of minutes) {
    const s = samples.filter((x) => x.due - start >= m.from && x.due - start < m.to);
    const ms = s.map((x) => x.ms).sort((a, b) => a - b);
    const secs = (m.to - m.from) / 1000;
    const eld = m.eld ? `${f1(m.eld.p50)} / ${f1(m.eld.p99)} / ${f1(m.eld.max)}` : '–';
    lines.push(
      `| ${m.index} | ${s.length} | ${f0(s.length / secs)} | ${f1(pct(ms, 50))} | ${f1(pct(ms, 99))} | ${f1(ms[ms.length - 1])} | ${eld} | ${m.serverCpu.toFixed(2)} | ${m.benchCpu.toFixed(2)} | ${f1(m.benchEldP99)} | ${f0(m.rssMb)} | ${f0(m.heapMb)} | ${m.errors} |`,
    );
  }
  return lines.join('\n');
}

export function liveTable(
  missing: { postUpdates: number; notifications: number; messages: number; owed: { postUpdates: number; notifications: number; messages: number } },
  extra: { postUpdates: number; notifications: number; messages: number },
  chatLatency: number[],
  disconnects: number,
  watchCalls: number,
): string {
  const chat = [...chatLatency].sort((a, b) => a - b);
  const lines = [
    '| live delivery | owed | missing | not owed (other rooms / kinds / processes) | scheduled send → receive p50 / p99 ms (messages of the soak) |',
    '|---|---:|---:|---:|---|',
    `| post_update (every socket, per vote and comment on a watched report) | ${missing.owed.postUpdates} | ${missing.postUpdates} | ${extra.postUpdates} | – |`,
    `| notification (the reporter's sockets, per comment by someone else) | ${missing.owed.notifications} | ${missing.notifications} | ${extra.notifications} | – |`,
    `| receive_message (every socket, per chat message) | ${missing.owed.messages} | ${missing.messages} | ${extra.messages} | ${f1(pct(chat, 50))} / ${f1(pct(chat, 99))} |`,
  ];
  return `${lines.join('\n')}\n\nSocket disconnects: ${disconnects}; watch_posts / unwatch_posts calls: ${watchCalls}.`;
}

export function memoryTable(series: Array<{ name: string; fit: Fit | undefined }>, flatPercent: number): string {
  const lines = [
    '| series | samples | mean MB | min / max MB | first-minute mean | last-minute mean | slope MB/min | slope / mean per min | verdict |',
    '|---|---:|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const { name, fit } of series) {
    if (!fit) {
      lines.push(`| ${name} | too few samples | | | | | | | – |`);
      continue;
    }
    const share = (Math.abs(fit.slope) / fit.mean) * 100;
    // A slope over less than 1.5 minutes says more about one garbage collection than about a trend.
    const verdict = fit.span < 90_000 ? 'no verdict (under 1.5 min measured)' : share <= flatPercent ? 'flat' : fit.slope > 0 ? 'GROWING' : 'shrinking';
    lines.push(
      `| ${name} | ${fit.samples} | ${f1(fit.mean)} | ${f1(fit.min)} / ${f1(fit.max)} | ${f1(fit.first)} | ${f1(fit.last)} | ${fit.slope >= 0 ? '+' : ''}${fit.slope.toFixed(2)} | ${share.toFixed(2)}% | ${verdict} |`,
    );
  }
  return lines.join('\n');
}
