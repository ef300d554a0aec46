/** Starts the real server (main.ts) in a child process on a free port with a throwaway DATA_DIR. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

// One way to find a free port, shared with the server's tests.
export { freePort } from '../../apps/server/test/helpers/ports.js';
import { freePort } from '../../apps/server/test/helpers/ports.js';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process's id (for /proc/<pid>: CPU time, open file descriptors). */
  pid: number;
  /** Sends a signal to the server process (the event-loop probe listens for SIGUSR2). */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}, entry = 'apps/server/src/main.ts'): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_AUTH_MAX: '100000000',
      RATE_LIMIT_WRITE_MAX: '100000000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 1200 && !up; i++) {
    up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(`${entry} did not answer /api/health within 120 s`);
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    signal: (signal) => child.kill(signal),
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
