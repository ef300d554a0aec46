/**
 * Test harness: one real app per suite on a real database. SQLite by default (a temp DATA_DIR);
 * PostgreSQL when TEST_DATABASE_URL is set: each suite gets a fresh database, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@civicpulse/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Clock } from '../../src/lib/clock.js';

export const ADMIN = { email: 'admin@civicpulse.test', password: 'admin-password', secret: 'admin-secret-key' };

export interface TestApp {
  readonly app: FastifyInstance;
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  /** Closes the app and builds a new one on the same DATA_DIR and database, as a process restart would. */
  restart(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

async function withAdminClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { clock?: Clock; logStream?: NodeJS.WritableStream; pushAgent?: import('node:https').Agent } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `civicpulse_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SCRYPT_COST: '1024',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_WRITE_MAX: '10000',
    RATE_LIMIT_CHAT_MAX: '10000',
    ASSISTANT_RATE_MAX: '10000',
    OPEN311_RATE_MAX: '10000',
    OPEN311_READ_RATE_MAX: '10000',
    OPEN_DATA_RATE_MAX: '10000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The background queues (mail, pushes, area alerts, followers) run when a write wakes them, not on a
    // timer: a suite counting queries or reading rows sees only what its own requests started.
    MAIL_POLL_MS: '0',
    ALERT_POLL_MS: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_SECRET: ADMIN.secret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const build = { logger: opts.logStream !== undefined, logStream: opts.logStream, clock: opts.clock, pushAgent: opts.pushAgent };
  let app = await buildApp(config, build);
  await app.ready();
  return {
    get app() {
      return app;
    },
    engine: app.ctx.database.engine,
    dataDir,
    async restart() {
      await app.close();
      app = await buildApp(config, build);
      await app.ready();
      return app;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && dbName) {
        await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
      }
    },
  };
}

/** Waits until the background queues a write woke (mail, pushes, area alerts, followers) are idle. */
export async function backgroundSettled(app: FastifyInstance): Promise<void> {
  const s = app.ctx.services;
  for (let i = 0; i < 2; i++) {
    await new Promise((r) => setTimeout(r, 40));
    await Promise.all([s.mailSender.idle(), s.pushSender.idle(), s.alertMatcher.idle(), s.followNotifier.idle()]);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.in`;
}

export interface Actor {
  id: string;
  role: Role;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

function claimsOf(token: string): { id: string; role: Role } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string; role: Role };
}

export function actorFrom(token: string, email: string, password: string): Actor {
  const claims = claimsOf(token);
  return { id: claims.id, role: claims.role, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A tiny valid PNG, made in code so tests ship no binary fixtures. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWXg4ArpMP8bh5W0YAAAAASUVORK5CYII=',
    'base64',
  );
}

export const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Builds a multipart body by hand, so tests control every byte (names, types, sizes). */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field: string; filename: string; type: string; data: Buffer }> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----civicpulse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function signupCitizen(app: FastifyInstance, name = 'Asha Citizen'): Promise<Actor> {
  const email = uniqueEmail('citizen');
  const password = 'citizen-pass';
  const s = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { name, email, password } });
  if (s.statusCode !== 201) throw new Error(`signup failed: ${s.body}`);
  const l = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  return actorFrom(l.json<{ token: string }>().token, email, password);
}

export async function signupGovernment(
  app: FastifyInstance,
  opts: { verified?: boolean; department?: string } = {},
): Promise<Actor> {
  const email = uniqueEmail('dept');
  const password = 'dept-password';
  const body = multipart(
    {
      department: opts.department ?? 'Public Works Department',
      email,
      password,
      confirmPassword: password,
      phone: '9876543210',
      city: 'Pune',
    },
    [{ field: 'proofDoc', filename: 'proof.png', type: 'image/png', data: tinyPng() }],
  );
  const s = await app.inject({ method: 'POST', url: '/api/gov/signup', ...body });
  if (s.statusCode !== 201) throw new Error(`gov signup failed: ${s.body}`);
  const l = await app.inject({ method: 'POST', url: '/api/gov/login', payload: { officialEmail: email, password } });
  const actor = actorFrom(l.json<{ token: string }>().token, email, password);
  // Verification by an admin arrives with the government workflow; until then tests set it directly.
  if (opts.verified) await app.ctx.repos.accounts.update(actor.id, { is_verified: 1 });
  return actor;
}

export async function loginAdmin(app: FastifyInstance): Promise<Actor> {
  const l = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret },
  });
  if (l.statusCode !== 200) throw new Error(`admin login failed: ${l.body}`);
  return actorFrom(l.json<{ token: string }>().token, ADMIN.email, ADMIN.password);
}

/** verifiedGov is the department a fixture post is assigned to; otherGov is verified but not assigned. */
export type MatrixRole = 'anonymous' | 'citizen' | 'otherCitizen' | 'unverifiedGov' | 'verifiedGov' | 'otherGov' | 'admin';
export const MATRIX_ROLES: MatrixRole[] = ['anonymous', 'citizen', 'otherCitizen', 'unverifiedGov', 'verifiedGov', 'otherGov', 'admin'];

export type Cast = Record<Exclude<MatrixRole, 'anonymous'>, Actor>;

export async function createCast(app: FastifyInstance): Promise<Cast> {
  return {
    citizen: await signupCitizen(app, 'Asha Citizen'),
    otherCitizen: await signupCitizen(app, 'Ravi Neighbour'),
    unverifiedGov: await signupGovernment(app, { department: 'Pending Department' }),
    verifiedGov: await signupGovernment(app, { verified: true, department: 'Verified Department' }),
    otherGov: await signupGovernment(app, { verified: true, department: 'Other Department' }),
    admin: await loginAdmin(app),
  };
}

/** A real JPEG of the given size, optionally carrying an EXIF orientation and GPS-like comment. */
export async function jpeg(width = 64, height = 48, opts: { orientation?: number } = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg({ quality: 80 });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation, exif: { IFD0: { Copyright: 'secret-camera-owner' } } });
  return img.toBuffer();
}

export interface PostForm {
  caption?: string;
  priority?: string;
  category?: string;
  location?: unknown;
  images?: Buffer[];
  imageType?: string;
}

export const SAMPLE_LOCATION = {
  state: 'Maharashtra',
  landmark: 'Near Shivaji Park gate',
  address: 'Senapati Bapat Marg, Dadar West',
  pincode: '400028',
  coordinates: { lat: 19.0269, lng: 72.8383 },
};

export async function postForm(form: PostForm = {}) {
  const images = form.images ?? [await jpeg()];
  const fields: Record<string, string> = {};
  if (form.caption !== undefined || !('caption' in form)) fields.caption = form.caption ?? 'Deep pothole on the main road';
  if (form.priority !== undefined) fields.priority = form.priority;
  if (form.category !== undefined) fields.category = form.category;
  const location = 'location' in form ? form.location : SAMPLE_LOCATION;
  if (location !== undefined) fields.location = typeof location === 'string' ? location : JSON.stringify(location);
  return multipart(
    fields,
    images.map((data, i) => ({ field: 'images', filename: `photo${i}.jpg`, type: form.imageType ?? 'image/jpeg', data })),
  );
}

export async function createPost(app: FastifyInstance, author: Actor, form: PostForm = {}): Promise<{ _id: string } & Record<string, unknown>> {
  const body = await postForm(form);
  const res = await app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...author.auth, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 201) throw new Error(`createPost failed: ${res.statusCode} ${res.body}`);
  return res.json<{ post: { _id: string } & Record<string, unknown> }>().post;
}

/** Moves a post forward through the workflow as `dept`, up to (and including) `target`. */
export async function advanceTo(app: FastifyInstance, dept: Actor, postId: string, target: string): Promise<void> {
  const order = ['Unseen', 'Problem Seen', 'Verified', 'Work Started', 'Work Near Completion', 'Waiting for User Verification'];
  const current = (await app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: dept.auth })).json<{ post: { progressState: string } }>()
    .post.progressState;
  for (let i = order.indexOf(current); i < order.indexOf(target); i++) {
    const next = order[i + 1];
    const res =
      next === 'Waiting for User Verification'
        ? await app.inject({
            method: 'PUT',
            url: `/api/gov/updateFinalWork/${postId}`,
            headers: { ...dept.auth, ...(await finalForm()).headers },
            payload: (await finalForm()).payload,
          })
        : await app.inject({ method: 'PUT', url: `/api/gov/progressState/${postId}`, headers: dept.auth });
    if (res.statusCode !== 200) throw new Error(`advance to ${next} failed: ${res.statusCode} ${res.body}`);
  }
}

let cachedFinal: { payload: Buffer; headers: Record<string, string> } | undefined;
export async function finalForm(caption = 'Pothole filled and resurfaced') {
  if (caption === 'Pothole filled and resurfaced' && cachedFinal) return cachedFinal;
  const form = multipart({ finalCaption: caption }, [{ field: 'images', filename: 'done.jpg', type: 'image/jpeg', data: await jpeg(120, 90) }]);
  if (caption === 'Pothole filled and resurfaced') cachedFinal = form;
  return form;
}
