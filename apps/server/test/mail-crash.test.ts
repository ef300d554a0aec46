/**
 * Issue 27 item 3: the email queue survives a kill -9 mid-send with no message lost or doubled, and
 * several processes on one database send each message once. Real server processes (helpers/cluster.ts)
 * and a real SMTP server in this process. On SQLite (one process at a time, restarted) in the default
 * run; on PostgreSQL (the restart, and two processes at once) in the TEST_DATABASE_URL run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, startNode, stopNode, type Node } from './helpers/cluster.js';
import { ADMIN, uniqueEmail } from './helpers/app.js';
import { startSmtp, toOf, type TestSmtp } from './helpers/smtp.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function environment(smtp: TestSmtp, engine: 'sqlite' | 'postgres'): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-mailcrash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '1024',
    RATE_LIMIT_AUTH_MAX: '10000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_SECRET: ADMIN.secret,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '200',
    MAIL_LEASE_MS: '1500',
  };
  if (engine === 'postgres') {
    const db = await freshDatabase(adminUrl!, 'civicpulse_mailcrash');
    cleanups.push(() => db.drop());
    env.DATABASE_URL = db.url;
  }
  return env;
}

async function signup(node: Node, email: string): Promise<void> {
  const res = await fetch(`${node.url}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash Test', email, password: 'crash-pass' }),
  });
  expect(res.status).toBe(201);
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every address got exactly one message, and no Message-ID came twice. */
function exactlyOnce(smtp: TestSmtp, emails: string[]): void {
  const counts = emails.map((e) => smtp.messages.filter((m) => toOf(m) === e).length);
  expect(counts).toEqual(emails.map(() => 1));
  const ids = smtp.messages.map((m) => m.messageId);
  expect(new Set(ids).size).toBe(ids.length);
}

const engines: Array<'sqlite' | 'postgres'> = adminUrl ? ['postgres'] : ['sqlite'];

describe.each(engines)('the email queue on %s', (engine) => {
  it('a sender killed with SIGKILL mid-send loses nothing and doubles nothing once a process starts again', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const env = await environment(smtp, engine);
    smtp.hold();
    const first = await startNode(env);
    cleanups.push(() => stopNode(first, 'SIGKILL'));
    const emails = Array.from({ length: 5 }, () => uniqueEmail('crash'));
    for (const e of emails) await signup(first, e);
    // The first message's DATA has reached the server, which has not answered: the sender is mid-send.
    await until(() => smtp.heldCount >= 1, 'a message in flight');
    await stopNode(first, 'SIGKILL');
    // Its connection dropped before the final reply: that message was not taken.
    await until(() => smtp.heldCount === 0, 'the dead connection to close');
    smtp.release();
    expect(smtp.messages).toHaveLength(0);

    const second = await startNode(env);
    cleanups.push(() => stopNode(second));
    await until(() => smtp.messages.length >= emails.length, 'every message after the restart');
    // Past another lease and a few polls: still nothing twice.
    await new Promise((r) => setTimeout(r, 2000));
    exactlyOnce(smtp, emails);
  }, 120_000);

  it.runIf(engine === 'postgres')('two processes on one database send each message once', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const env = await environment(smtp, engine);
    const nodes = [await startNode(env), await startNode(env)];
    for (const n of nodes) cleanups.push(() => stopNode(n));
    const emails = Array.from({ length: 20 }, () => uniqueEmail('pair'));
    await Promise.all(emails.map((e, i) => signup(nodes[i % 2]!, e)));
    await until(() => smtp.messages.length >= emails.length, 'every message');
    await new Promise((r) => setTimeout(r, 2000));
    exactlyOnce(smtp, emails);
  }, 120_000);
});
