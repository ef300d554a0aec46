/**
 * Environment → typed configuration. Fails fast with one clear line per bad variable, so a typo in
 * production stops the process at start instead of surfacing later as a confusing error.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import webpush from 'web-push';
import { LIVE_LIMITS, MODERATION_LIMITS } from '@civicpulse/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(path.join(process.cwd(), 'data')),
  DATABASE_URL: optionalString.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
  }),
  /**
   * PostgreSQL connections one server process opens at most (node-postgres' pool). Each process of a
   * cluster opens its own: processes x this must stay under the server's max_connections (100 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalString,
  /** Put before every Redis key and the live connection's channel, so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .max(64, 'REDIS_KEY_PREFIX must be at most 64 characters')
    .regex(/^[A-Za-z0-9:._-]*$/, 'REDIS_KEY_PREFIX may hold only letters, digits and : . _ -')
    .default(''),
  JWT_SECRET: optionalString.refine((v) => !v || v.length >= 32, { message: 'JWT_SECRET must be at least 32 characters' }),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN looks like 7d, 12h, 30m or 900s').default('7d'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  ADMIN_SECRET: optionalString,
  ADMIN_NAME: z.string().default('Administrator'),
  PUBLIC_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), { message: 'PUBLIC_URL must start with http:// or https://' }),
  CORS_ORIGINS: optionalString,
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WRITE_MAX: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Sign-in attempts one account may spend without a success (all tabs, all addresses) before a lock (issue 25). */
  LOGIN_FAILURES_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  /** The first lock, in ms; each further one doubles, up to LOGIN_LOCKOUT_MAX_MS. */
  LOGIN_LOCKOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The longest lock, in ms (at most a day, so the owner is never locked out for long). */
  LOGIN_LOCKOUT_MAX_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** 'Ask CivicPulse AI' questions per address and per account per window. */
  ASSISTANT_RATE_MAX: z.coerce.number().int().positive().default(10),
  ASSISTANT_LLM_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), { message: 'ASSISTANT_LLM_URL must start with http:// or https://' }),
  ASSISTANT_LLM_KEY: optionalString,
  ASSISTANT_LLM_MODEL: z.string().default('llama3.1'),
  ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Community Chat messages per account per window (POST and the live connection share it). */
  RATE_LIMIT_CHAT_MAX: z.coerce.number().int().positive().default(20),
  /** Open live connections per account and per client address (issue 25; defaults: LIVE_LIMITS). */
  LIVE_SOCKETS_PER_ACCOUNT: z.coerce.number().int().positive().default(LIVE_LIMITS.socketsPerAccount),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(LIVE_LIMITS.socketsPerAddress),
  /**
   * The live connection's writes (live/write-batching.ts): a connection is written at most once per
   * this many milliseconds while broadcasts keep coming; the first after a quiet spell goes at once.
   * 0: once per event-loop turn. bench:chat:2 chose the default (issue 31 item 4).
   */
  LIVE_WRITE_WINDOW_MS: z.coerce.number().int().min(0).max(1000).default(30),
  /**
   * The connections a release must have written for the whole window to follow it; after a smaller
   * release the window shrinks in proportion (a release to 50 connections is followed by a tenth of
   * it), so a small audience gets each message within a few milliseconds while a process still writes
   * at most this many connections per window (live/write-batching.ts).
   */
  LIVE_WRITE_WINDOW_FULL_AT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /**
   * The most connections one event-loop turn of a release writes (live/write-batching.ts), and the
   * longest it writes: requests waiting on the database run between slices instead of behind a whole
   * fan-out (issue 31 item 4). The time is the bound that fits the machine; the count caps it.
   */
  LIVE_WRITE_SLICE: z.coerce.number().int().min(1).max(100_000).default(1000),
  LIVE_WRITE_TURN_MS: z.coerce.number().min(0).max(1000).default(8),
  /** Open311 POST requests per API key per window (issue 16). */
  OPEN311_RATE_MAX: z.coerce.number().int().positive().default(30),
  /** Moderation: distinct accounts whose flags hide an item pending review. */
  MODERATION_HIDE_FLAGS: z.coerce.number().int().min(1).max(1000).default(MODERATION_LIMITS.hideAfterFlagsDefault),
  /** Open311 GET requests per address per window. */
  OPEN311_READ_RATE_MAX: z.coerce.number().int().positive().default(120),
  /** Open data downloads per address per window. */
  OPEN_DATA_RATE_MAX: z.coerce.number().int().positive().default(10),
  PUBLIC_READ_RATE_MAX: z.coerce.number().int().positive().default(120),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SCRYPT_COST: z.coerce.number().int().min(1024).default(16384),
  ROUTING_URL: optionalString.refine((v) => !v || /^https?:\/\//.test(v), { message: 'ROUTING_URL must start with http:// or https://' }),
  ORS_API_KEY: optionalString,
  ORS_URL: z.string().default('https://api.openrouteservice.org'),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (media/s3.ts). */
  S3_BUCKET: optionalString.refine((v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'S3_BUCKET must be a bucket name: 3-63 characters of a-z, 0-9, dots and hyphens',
  }),
  S3_ENDPOINT: optionalString.refine((v) => !v || /^https?:\/\/[^/?#]+\/?$/.test(v), {
    message: 'S3_ENDPOINT must be an http:// or https:// origin such as https://minio.example.org:9000',
  }),
  S3_REGION: optionalString.refine((v) => !v || /^[a-z0-9-]+$/.test(v), { message: 'S3_REGION looks like us-east-1' }),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where browsers load public images from (a CDN or the bucket's public origin); unset: our /uploads. */
  MEDIA_PUBLIC_URL: optionalString.refine((v) => !v || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), { message: 'MEDIA_PUBLIC_URL must be an http(s) URL without query or fragment' }),
  S3_FORCE_PATH_STYLE: optionalString.refine((v) => !v || ['true', '1', 'false', '0'].includes(v), {
    message: 'S3_FORCE_PATH_STYLE must be true, 1, false or 0',
  }),
  /** How often the service-level sweeper looks for reports that became overdue (issue 16); 0 turns it off. */
  SLA_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** Issue 27: where email goes (smtp:// or smtps://, user and password in the URL); unset: files in DATA_DIR/outbox. */
  SMTP_URL: optionalString.refine((v) => !v || /^smtps?:\/\/[^/?#]+/.test(v), { message: 'SMTP_URL looks like smtp://user:password@mail.example.org:587 or smtps://…:465' }),
  MAIL_FROM: z.string().trim().min(3).max(320).default('CivicPulse <no-reply@civicpulse.local>'),
  /** How often the mail sender looks for due email (ms); writes that queue email also wake it. 0: only when woken. */
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** How long a claimed email waits before another attempt if its sender died mid-send (ms). */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Attempts before an email is kept as failed (retries back off: 30 s, 1 min, 2 min … up to 6 h). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** SMTP connection, greeting and socket timeout (ms). */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Issue 27 item 7, Web Push: the VAPID key pair (base64url, both or neither; unset: generated into DATA_DIR/vapid.json). */
  VAPID_PUBLIC_KEY: optionalString.refine((v) => !v || /^[A-Za-z0-9_-]{80,100}$/.test(v), { message: 'VAPID_PUBLIC_KEY is a base64url P-256 public key (87 characters)' }),
  VAPID_PRIVATE_KEY: optionalString.refine((v) => !v || /^[A-Za-z0-9_-]{40,50}$/.test(v), { message: 'VAPID_PRIVATE_KEY is a base64url P-256 private key (43 characters)' }),
  /** Who push services may contact about our pushes: mailto: or https: (default: mailto: MAIL_FROM's address). */
  VAPID_SUBJECT: optionalString.refine((v) => !v || /^(mailto:|https:\/\/)/.test(v), { message: 'VAPID_SUBJECT starts with mailto: or https://' }),
  /**
   * Push services the server sends to: host suffixes, comma-separated, always over https. A subscription
   * naming any other host is refused, so it cannot make the server POST to an address of its choosing.
   */
  PUSH_ENDPOINT_HOSTS: z.string().default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  /** How often the area-alert matcher looks for reports to match (ms); a new report also wakes it. 0: only when woken. */
  ALERT_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Bearer token for GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: optionalString.refine((v) => !v || v.length >= 16, { message: 'METRICS_TOKEN must be at least 16 characters' }),
});

/** Every variable the server reads: the deployment recipe's test checks deploy/compose.yaml sets no other. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX: PostgreSQL connections per process. */
  databasePoolMax: number;
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: '' (the default) keeps the keys as they were. */
  redisKeyPrefix: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  admin: { email: string; password: string; secret: string; name: string } | undefined;
  publicUrl: string | undefined;
  corsOrigins: string[];
  rateLimit: { authMax: number; writeMax: number; chatMax: number; windowMs: number };
  /** The per-account sign-in budget (lib/loginGuard.ts). */
  loginGuard: { max: number; lockMs: number; capMs: number; forgetMs: number };
  live: { socketsPerAccount: number; socketsPerAddress: number; writeWindowMs: number; writeWindowFullAt: number; writeSlice: number; writeTurnMs: number };
  open311: { rateMax: number; readRateMax: number };
  moderation: { hideAfterFlags: number };
  openData: { rateMax: number };
  /** Public reads without an account (`GET /api/public/...`) per address per window. */
  publicRead: { rateMax: number };
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  tileUrl: string;
  scryptCost: number;
  routing: { osrmUrl: string | undefined; orsApiKey: string | undefined; orsUrl: string };
  metricsToken: string | undefined;
  /** Issue 27: SMTP (or files in DATA_DIR/outbox) and the durable queue's timing. */
  mail: { smtpUrl: string | undefined; from: string; pollMs: number; leaseMs: number; maxAttempts: number; timeoutMs: number };
  /** Issue 27 item 7: Web Push keys and the push services it sends to. */
  push: { publicKey: string; privateKey: string; subject: string; hosts: string[] };
  /** Issue 27 item 6: how often the area-alert matcher polls (a new report also wakes it). */
  alertPollMs: number;
  /** Service-level sweep period in ms; 0: no periodic sweep (tests call it directly). */
  slaSweepIntervalMs: number;
  assistant: { rateMax: number; llm: { url: string; key: string | undefined; model: string; timeoutMs: number } | undefined };
  /** Set when S3_BUCKET is: uploads live in that bucket. */
  s3: S3Config | undefined;
  /** Public images' base URL when a CDN (or the bucket) serves them; undefined: `<origin>/uploads`. */
  mediaPublicUrl: string | undefined;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** The dev default secret: generated once, kept in DATA_DIR with mode 0600 (DESIGN "Security baseline"). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The Web Push key pair: from the environment (every process of a cluster must share it), else generated
 * once and kept in DATA_DIR/vapid.json with mode 0600, like the JWT secret.
 */
function vapidKeys(publicKey: string | undefined, privateKey: string | undefined, dataDir: string): { publicKey: string; privateKey: string } {
  if (publicKey && privateKey) return { publicKey, privateKey };
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/**
 * DATA_DIR holds the database, the signing secret and private proofs: only the server's user may
 * enter it (0700). A folder we create gets that mode; an existing one is tightened only when it is
 * already ours (holds our database or secret), so pointing DATA_DIR at a shared folder never
 * changes that folder's mode.
 */
function ensureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    return;
  }
  if (existsSync(path.join(dataDir, 'civicpulse.db')) || existsSync(path.join(dataDir, 'jwt-secret'))) {
    try {
      chmodSync(dataDir, 0o700);
    } catch {
      // Owned by another user: the files inside still carry their own 0600.
    }
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  ensureDataDir(dataDir);

  const adminParts = [e.ADMIN_EMAIL, e.ADMIN_PASSWORD, e.ADMIN_SECRET];
  if (adminParts.some(Boolean) && !adminParts.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_SECRET must be set together');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  // A deployment that names an endpoint or keys but misspells the bucket variable would otherwise
  // write every upload to one process's disk, which only shows once a second process serves it.
  const s3Extras = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => e[k]);
  if (!e.S3_BUCKET && s3Extras.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${s3Extras.join(', ')} set without S3_BUCKET`);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (e.LOGIN_LOCKOUT_MAX_MS < e.LOGIN_LOCKOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  LOGIN_LOCKOUT_MAX_MS must be at least LOGIN_LOCKOUT_MS');
  }
  // Without it, file URLs would be built from the request's Host header, which any client can set:
  // a cached or shared answer could then point other people's images at an attacker's host.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL must be set when NODE_ENV=production (the origin file URLs are built from)');
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD && e.ADMIN_SECRET
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, secret: e.ADMIN_SECRET, name: e.ADMIN_NAME }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean) : [],
    rateLimit: { authMax: e.RATE_LIMIT_AUTH_MAX, writeMax: e.RATE_LIMIT_WRITE_MAX, chatMax: e.RATE_LIMIT_CHAT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    // A record is kept a day after its last attempt (twice the longest lock if that is more): long
    // enough that a slow guesser keeps meeting the longest lock, short enough that memory is bounded.
    loginGuard: {
      max: e.LOGIN_FAILURES_MAX,
      lockMs: e.LOGIN_LOCKOUT_MS,
      capMs: e.LOGIN_LOCKOUT_MAX_MS,
      forgetMs: Math.max(86_400_000, 2 * e.LOGIN_LOCKOUT_MAX_MS),
    },
    live: { socketsPerAccount: e.LIVE_SOCKETS_PER_ACCOUNT, socketsPerAddress: e.LIVE_SOCKETS_PER_ADDRESS, writeWindowMs: e.LIVE_WRITE_WINDOW_MS, writeWindowFullAt: e.LIVE_WRITE_WINDOW_FULL_AT, writeSlice: e.LIVE_WRITE_SLICE, writeTurnMs: e.LIVE_WRITE_TURN_MS },
    open311: { rateMax: e.OPEN311_RATE_MAX, readRateMax: e.OPEN311_READ_RATE_MAX },
    moderation: { hideAfterFlags: e.MODERATION_HIDE_FLAGS },
    openData: { rateMax: e.OPEN_DATA_RATE_MAX },
    publicRead: { rateMax: e.PUBLIC_READ_RATE_MAX },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    tileUrl: e.TILE_URL,
    scryptCost: e.SCRYPT_COST,
    routing: { osrmUrl: e.ROUTING_URL?.replace(/\/+$/, ''), orsApiKey: e.ORS_API_KEY, orsUrl: e.ORS_URL.replace(/\/+$/, '') },
    metricsToken: e.METRICS_TOKEN,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollMs: e.MAIL_POLL_MS, leaseMs: e.MAIL_LEASE_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS, timeoutMs: e.MAIL_TIMEOUT_MS },
    slaSweepIntervalMs: e.SLA_SWEEP_INTERVAL_MS,
    alertPollMs: e.ALERT_POLL_MS,
    push: { ...vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir), subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`, hosts: e.PUSH_ENDPOINT_HOSTS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) },
    assistant: {
      rateMax: e.ASSISTANT_RATE_MAX,
      llm: e.ASSISTANT_LLM_URL ? { url: e.ASSISTANT_LLM_URL, key: e.ASSISTANT_LLM_KEY, model: e.ASSISTANT_LLM_MODEL, timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS } : undefined,
    },
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
  };
}
