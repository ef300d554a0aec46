/**
 * Issue 15: the deployment recipe stays true to the server. deploy/compose.yaml may only set
 * variables config.ts reads (a misspelt one would be silently ignored), the Dockerfile's
 * healthcheck and port match the server's, and the proxy passes WebSocket upgrades.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirs } from './helpers/scratch.js';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.js';
import { createTestApp } from './helpers/app.js';
import { tmpdir } from 'node:os';

const scratchDir = scratchDirs();

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  deploy?: { replicas?: number };
}
const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const appServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

function envNames(service: Service): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((line) => line.split('=')[0]!) : Object.keys(env);
}

/**
 * The S3 storage driver's variables (issue 15 item 1, written on another branch). The recipe sets
 * them already; until config.ts defines S3_BUCKET they may be missing from it. Once it does, every
 * one of them must be defined, and this set stops excusing anything.
 */
const PENDING_S3 = new Set(['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL']);
const known = new Set(CONFIG_VARIABLES);
const s3Landed = known.has('S3_BUCKET');

describe('deploy/compose.yaml', () => {
  it('runs the app image as more than one replica, behind a proxy, with PostgreSQL, Redis and a bucket', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app']);
    const [, app] = appServices[0]!;
    expect(app.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'minio-init', 'proxy']));
  });

  it('sets only variables config.ts reads (the S3 driver\'s excused only until config.ts has S3_BUCKET)', () => {
    const [, app] = appServices[0]!;
    const names = envNames(app);
    const unknown = names.filter((n) => !known.has(n) && !(PENDING_S3.has(n) && !s3Landed));
    expect(unknown).toEqual([]);
    // The recipe is for several processes: these must be set, and the S3 driver's all together.
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'HOST', 'METRICS_TOKEN', ...PENDING_S3]));
    if (s3Landed) expect([...PENDING_S3].filter((n) => !known.has(n))).toEqual([]);
  });

  it('keeps secrets out of the file: they come from deploy/.env, whose example names each one', () => {
    const [, app] = appServices[0]!;
    const env = app.environment as Record<string, string>;
    for (const name of ['JWT_SECRET', 'METRICS_TOKEN', 'S3_SECRET_ACCESS_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY', 'SMTP_URL']) expect(env[name]).toMatch(/^\$\{/);
    expect(env.DATABASE_URL).toContain('${POSTGRES_PASSWORD}');
    const example = read('deploy/.env.example');
    for (const name of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'METRICS_TOKEN', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'PUBLIC_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'MAIL_FROM']) {
      expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
    }
    // The example's values pass the server's own checks (lengths), so copying it then editing works.
    const values = Object.fromEntries(example.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const dir = mkdtempSync(path.join(tmpdir(), 'civicpulse-recipe-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        PUBLIC_URL: values.PUBLIC_URL,
        JWT_SECRET: values.JWT_SECRET,
        METRICS_TOKEN: values.METRICS_TOKEN,
        VAPID_PUBLIC_KEY: values.VAPID_PUBLIC_KEY,
        VAPID_PRIVATE_KEY: values.VAPID_PRIVATE_KEY,
        SMTP_URL: values.SMTP_URL,
        MAIL_FROM: values.MAIL_FROM,
      });
      expect(config.push.publicKey).toBe(values.VAPID_PUBLIC_KEY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('proxies /socket.io with the WebSocket upgrade headers to the app port', () => {
    const nginx = read('deploy/nginx.conf');
    const live = /location \/socket\.io\/ \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(live).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(live).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(nginx).toContain('proxy_http_version 1.1;');
    const port = String(loadConfig({ DATA_DIR: scratchDir() }).port);
    for (const m of nginx.matchAll(/server app:(\d+)/g)) expect(m[1]).toBe(port);
    expect([...nginx.matchAll(/server app:(\d+)/g)]).toHaveLength(2);
  });

  it('is valid for docker compose (where docker and its compose plugin exist)', (ctx) => {
    const compose = spawnSync('docker', ['compose', 'version']);
    if (compose.error || compose.status !== 0) return ctx.skip();
    execFileSync('docker', ['compose', '-f', 'deploy/compose.yaml', '--env-file', 'deploy/.env.example', 'config', '--quiet'], { cwd: repoRoot });
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('exposes the default port, runs as a non-root user and health-checks a route the server has', async () => {
    const port = loadConfig({ DATA_DIR: scratchDir() }).port;
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    const check = /HEALTHCHECK[^\n]*\\\n\s*CMD[^\n]*/.exec(dockerfile)?.[0] ?? '';
    const url = /'http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|(\d+)\)\+'(\/[^']+)'/.exec(check);
    expect(url?.[1]).toBe(String(port));
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: url![2]! });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('installs production dependencies only in the runtime, and tsx (which runs the server) is one of them', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const server = JSON.parse(read('apps/server/package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(server.dependencies)).toContain('tsx');
    expect(dockerfile).toMatch(/CMD \["node", "--import", "tsx", "apps\/server\/src\/main\.ts"\]/);
  });
});
