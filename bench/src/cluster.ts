/**
 * Two nodes vs one (issue 15 item 6): the feed page through the round-robin proxy with one server
 * process behind it, then with two, in one run, on one PostgreSQL database (BENCH_PG_URL; the nodes
 * share it and Redis when BENCH_REDIS_URL is set). On this 2-core machine the load generator, the
 * proxy, PostgreSQL and the nodes share the cores, so the ratio says how much a second process helps
 * here, not on a city's servers: read it with the CPU figures printed beside it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { RoundRobinProxy } from '../../apps/server/test/helpers/proxy.js';
import { measure, table, type Measurement } from './measure.js';
import { freshPgDatabase, signIn } from './pgdb.js';
import { BENCH_PASSWORD, seed } from './seed.js';
import { startServer, type RunningServer } from './server.js';

const pgAdminUrl = process.env.BENCH_PG_URL;
const size = Number(process.env.BENCH_CLUSTER_SIZE ?? 10_000);
const duration = Number(process.env.BENCH_SECONDS ?? 5);

if (!pgAdminUrl) {
  console.log('bench:cluster needs BENCH_PG_URL (N nodes share one PostgreSQL database); skipped.');
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-cluster-bench-'));
const pgDb = await freshPgDatabase(pgAdminUrl);
const rows: Measurement[] = [];
const notes: string[] = [];
const cores = os.cpus().length;
const servers: RunningServer[] = [];
try {
  const t0 = performance.now();
  const { viewerEmail } = await seed(dataDir, size, pgDb.url);
  console.error(`seeded ${size} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb.url,
    JWT_SECRET: 'bench-cluster-secret-'.padEnd(48, 'x'),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
  servers.push(await startServer(env), await startServer(env));
  const ports = servers.map((s) => Number(new URL(s.url).port));
  {
    // Reference: the same page straight from one node, no proxy in between.
    const { headers } = await signIn(servers[0]!.url, '/api/user/login', { email: viewerEmail, password: BENCH_PASSWORD });
    const direct = `${servers[0]!.url}/api/user/allPosts?limit=20`;
    await measure('warmup', { url: direct, headers, duration: 1 });
    rows.push(await measure('feed page of 20 straight from 1 node (no proxy)', { url: direct, headers, duration }));
  }
  for (const count of [1, 2]) {
    const proxy = new RoundRobinProxy(ports.slice(0, count));
    const url = await proxy.listen();
    try {
      const { headers } = await signIn(url, '/api/user/login', { email: viewerEmail, password: BENCH_PASSWORD });
      const feedUrl = `${url}/api/user/allPosts?limit=20`;
      await measure('warmup', { url: feedUrl, headers, duration: 1 });
      const cpu0 = servers.map((s) => cpuSeconds(s.pid));
      const self0 = process.cpuUsage();
      const idle0 = idleSeconds();
      const m = await measure(`feed page of 20 through the proxy, ${count} node${count > 1 ? 's' : ''}`, { url: feedUrl, headers, duration });
      const cpu = servers.map((s, i) => cpuSeconds(s.pid) - cpu0[i]!);
      const self = process.cpuUsage(self0);
      const idle = idleSeconds() - idle0;
      rows.push(m);
      notes.push(
        `${count} node${count > 1 ? 's' : ''}: node CPU ${cpu.map((c) => `${((c / duration) * 100).toFixed(0)}%`).join(' + ')} of a core; ` +
          `the bench process (load generator + proxy) ${(((self.user + self.system) / 1e6 / duration) * 100).toFixed(0)}%; ` +
          `machine idle ${((idle / duration) * 100).toFixed(0)}% of ${cores} cores; requests per node ${proxy.served.join(' / ')}`,
      );
    } finally {
      await proxy.close();
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  await pgDb.drop();
}

/** Idle CPU seconds of the whole machine so far (/proc/stat, all cores). */
function idleSeconds(): number {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    return (Number(cpu[4]) + Number(cpu[5])) / 100;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

console.log(`\nCivicPulse two-node benchmark (${new Date().toISOString()}, PostgreSQL, ${size} posts, 10 connections, ${duration} s each)\n`);
console.log(table(rows, rows[1]?.name));
console.log('');
for (const n of notes) console.log(`- ${n}`);
const one = rows[1];
const two = rows[2];
if (one && two) console.log(`\n2 nodes / 1 node: ${(two.rps / one.rps).toFixed(2)}x the requests per second`);
