/**
 * Starts the real API server (which also serves apps/web/dist with its SPA fallback) on a free port with a
 * throw-away DATA_DIR, waits for /api/health, and hands the address to the tests through the environment.
 * The returned function is the teardown. With E2E_BASE_URL (and E2E_ADMIN_EMAIL/PASSWORD/SECRET) set, the
 * tests run against that app instead and nothing is started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const webDist = path.join(root, 'apps/web/dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited early with code ${child.exitCode}; see e2e/artifacts/server.log`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API server did not answer ${url} within ${timeoutMs} ms; see e2e/artifacts/server.log`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Against an app that is already running (say `npm run dev`): give its address and the admin account.
  if (process.env.E2E_BASE_URL) {
    for (const key of ['E2E_ADMIN_EMAIL', 'E2E_ADMIN_PASSWORD', 'E2E_ADMIN_SECRET']) {
      if (!process.env[key]) throw new Error(`E2E_BASE_URL is set, so ${key} must be set too`);
    }
    return async () => undefined;
  }
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` (the e2e `test` script does it for you)');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'civicpulse-e2e-'));
  // The server serves a copy of the build made for this run: its static plugin lists the files once at
  // start (wildcard: false), so a rebuild of apps/web/dist during the run (another run, a developer) must
  // neither take index.html away nor leave it pointing at assets that no longer exist.
  const runDist = path.join(dataDir, 'web');
  await cp(webDist, runDist, { recursive: true });
  if (!existsSync(path.join(runDist, 'index.html'))) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error('apps/web/dist changed while it was being copied; run the suite again');
  }
  const port = await freePort();
  // Where interop.spec.ts hosts a spec client of its own: another origin on the loopback address.
  const clientPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const admin = {
    email: 'admin@civicpulse.test',
    password: `Adm-${randomBytes(6).toString('hex')}`,
    secret: `sec-${randomBytes(8).toString('hex')}`,
  };

  const env: NodeJS.ProcessEnv = { ...process.env };
  // A self-contained run: the embedded database in DATA_DIR, no shared services from the caller's shell.
  for (const key of Object.keys(env)) {
    if (key === 'DATABASE_URL' || key === 'REDIS_URL' || key.startsWith('S3_')) delete env[key];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    // Production refuses to build file URLs from the Host header (config.ts), so name the origin.
    PUBLIC_URL: baseURL,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_SECRET: admin.secret,
    ADMIN_NAME: 'Site Admin',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_WRITE_MAX: '1000',
    // Every browser test asks from 127.0.0.1: the assistant's 10 questions a minute per address would
    // make the suite's outcome depend on its pace (its limit is tested by the server suite).
    ASSISTANT_RATE_MAX: '1000',
    WEB_DIST: runDist,
    CORS_ORIGINS: `http://127.0.0.1:${clientPort}`,
    // service-levels.spec.ts backdates a report in the database file; the sweeper notices within a second.
    SLA_SWEEP_INTERVAL_MS: '1000',
  });

  mkdirSync(path.join(here, 'artifacts'), { recursive: true });
  const log = createWriteStream(path.join(here, 'artifacts/server.log'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  try {
    await waitForHealth(`${baseURL}/api/health`, child, 60_000);
  } catch (error) {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_CORS_ORIGIN = `http://127.0.0.1:${clientPort}`;
  // The server's embedded database (service-levels.spec.ts moves a report's times back: the one thing a
  // browser cannot do to a server whose clock it does not control).
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_SECRET = admin.secret;

  return async () => {
    await stop(child);
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}
