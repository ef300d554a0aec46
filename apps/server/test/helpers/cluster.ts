/**
 * Real server processes for the multi-node suites: `node apps/server/src/main.ts`, as production runs
 * it, on a free port, with a fresh PostgreSQL database shared by every node of one test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN } from './app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Node {
  url: string;
  port: number;
  proc: ChildProcess;
  output: string[];
}

export async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const output: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`node exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, port, proc, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`node did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopNode(node: Node | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!node || node.proc.exitCode !== null || node.proc.signalCode !== null) return;
  const exited = new Promise((r) => node.proc.once('exit', r));
  node.proc.kill(signal);
  await exited;
}

export async function withPg<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database on the test server; returns its URL and a drop function. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withPg(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => withPg(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

/**
 * The environment every node of one test shares: one database, one Redis, one signing secret (made
 * here: call once per test), the test's admin, limits out of the way except the chat budget the test
 * spends across nodes.
 */
export function nodeEnv(opts: { databaseUrl: string; redisUrl: string; dataDir: string; chatMax: number }): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    DATA_DIR: opts.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '1024',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_WRITE_MAX: '10000',
    RATE_LIMIT_CHAT_MAX: String(opts.chatMax),
    WEB_DIST: path.join(opts.dataDir, 'no-web'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_SECRET: ADMIN.secret,
  };
}
