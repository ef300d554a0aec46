/**
 * Issue 27 item 6, area alerts at scale: BENCH_ALERTS (100,000) subscriptions, one per account, spread
 * over the seed's 30 cities (centres within about 9 km of a city's centre, radii from the page's
 * choices, 30% with one category). Measured in one run, in one process (the real app, built by
 * buildApp, on SQLite; BENCH_ALERTS_PG=postgres://… for PostgreSQL):
 *
 * 1. The request path: BENCH_ALERT_REPORTS (100) reports filed one after another (createPost through
 *    the app, a 64x48 JPEG each): before any alert exists; with every alert stored and the matcher
 *    stopped (the scans wait: the request alone); and with the matcher running in the same process
 *    (it starts 20 ms after a report's commit and takes its CPU between and beside the requests).
 * 2. Matching: the same number of reports, each matched by one round run by hand: the time from the
 *    round's start to every notification stored, and how many accounts each report reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { AccountTable, AreaAlertCellTable, AreaAlertTable } from '../../apps/server/src/db/types.js';
import { ALERT_LIMITS, CATEGORY_CODES, alertCells } from '@civicpulse/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { exclusiveRunner } from '../../apps/server/src/db/lock.js';
import { UnitOfWork } from '../../apps/server/src/events/unitOfWork.js';
import { AlertMatcher, AlertsRepo } from '../../apps/server/src/modules/alerts/index.js';
import { jpeg, multipart } from '../../apps/server/test/helpers/app.js';
import { freshPgDatabase } from './pgdb.js';
import { CITIES } from './seed.js';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const REPORTS = Number(process.env.BENCH_ALERT_REPORTS ?? 100);
const PG = process.env.BENCH_ALERTS_PG;

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same alerts. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-bench-alerts-'));
  const pg = PG ? await freshPgDatabase(PG) : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_WRITE_MAX: '100000000',
    RATE_LIMIT_AUTH_MAX: '100000000',
    MAIL_POLL_MS: '0',
    ALERT_POLL_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const db = app.ctx.database.db;
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { name: 'Bench Reporter', email: 'reporter@bench.in', password: 'bench-password' } });
    if (signup.statusCode !== 201) throw new Error(signup.body);
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'reporter@bench.in', password: 'bench-password' } });
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const photo = await jpeg();
    const rand = random(27);
    const place = () => {
      const city = CITIES[Math.floor(rand() * CITIES.length)]!;
      return { city, lat: city.lat + (rand() - 0.5) * 0.16, lng: city.lng + (rand() - 0.5) * 0.16 };
    };
    const file = async (): Promise<number> => {
      const p = place();
      const form = multipart(
        {
          caption: 'Broken streetlight near the bus stop',
          category: CATEGORY_CODES[Math.floor(rand() * CATEGORY_CODES.length)]!,
          location: JSON.stringify({ state: p.city.state, landmark: 'Bus stop', address: 'Main road', pincode: p.city.pincode, coordinates: { lat: p.lat, lng: p.lng } }),
        },
        [{ field: 'images', filename: 'p.jpg', type: 'image/jpeg', data: photo }],
      );
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...auth, ...form.headers }, payload: form.payload });
      const ms = performance.now() - t0;
      if (res.statusCode !== 201) throw new Error(res.body);
      return ms;
    };
    const fileMany = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await file());
      await app.ctx.services.alertMatcher.idle();
      return out;
    };

    // Warm-up (sharp, the statement caches), then the request path without alerts.
    await fileMany(10);
    const without = await fileMany(REPORTS);

    // Seed the alerts: accounts and alerts with their cells, 1,000 per transaction.
    const seedStart = performance.now();
    const now = new Date().toISOString();
    let cells = 0;
    for (let start = 0; start < ALERTS; start += 1000) {
      const n = Math.min(1000, ALERTS - start);
      const accounts: Array<Insertable<AccountTable>> = [];
      const alerts: AreaAlertTable[] = [];
      const alertCellRows: AreaAlertCellTable[] = [];
      for (let i = start; i < start + n; i++) {
        const id = `be${i.toString(16).padStart(22, '0')}`;
        const alertId = `bf${i.toString(16).padStart(22, '0')}`;
        accounts.push({ id, role: 'user' as const, email: `sub${i}@bench.in`, password_hash: 'x', name: `Subscriber ${i}`, is_verified: 0, resolved_issues_count: 0, created_at: now, updated_at: now });
        const p = place();
        const radius = ALERT_LIMITS.radii[Math.floor(rand() * ALERT_LIMITS.radii.length)]!;
        const category = rand() < 0.3 ? CATEGORY_CODES[Math.floor(rand() * CATEGORY_CODES.length)]! : null;
        alerts.push({ id: alertId, account_id: id, lat: p.lat, lng: p.lng, radius_m: radius, category, label: 'Home', created_at: now });
        for (const cell of alertCells(p.lat, p.lng, radius)) alertCellRows.push({ cell, account_id: id, alert_id: alertId });
      }
      cells += alertCellRows.length;
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values(accounts).execute();
        await trx.insertInto('area_alerts').values(alerts).execute();
        for (let k = 0; k < alertCellRows.length; k += 2000) await trx.insertInto('area_alert_cells').values(alertCellRows.slice(k, k + 2000)).execute();
      });
    }
    if (app.ctx.database.engine === 'sqlite') {
      await sql`analyze`.execute(db);
      // The seed's write-ahead log folded into the database now, not during the measured requests.
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    } else await sql`analyze`.execute(db);
    await fileMany(10);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // 1. The request path with every alert stored: first with the matcher stopped (the reports' scans
    // wait in alert_scans), then with it running after each commit in this same process.
    await app.ctx.services.alertMatcher.stop();
    const queued = await fileMany(REPORTS);
    const newMatcher = () => new AlertMatcher(new AlertsRepo(new UnitOfWork(db, app.ctx.database.engine)), exclusiveRunner(app.ctx.database), { warn: () => undefined }, 0);
    const matcher = newMatcher();
    await matcher.runOnce();
    app.ctx.bus.on('alertScan', () => matcher.nudge());
    const notesBefore = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'areaAlert').executeTakeFirstOrThrow()).n);
    const withAlerts = await fileMany(REPORTS);
    await new Promise((r) => setTimeout(r, 100));
    await matcher.idle();
    const notesAfter = Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'areaAlert').executeTakeFirstOrThrow()).n);

    // 2. Matching, one round per report, run by hand (the nudged matcher stopped).
    await matcher.stop();
    const byHand = newMatcher();
    const rounds: number[] = [];
    const reached: number[] = [];
    for (let i = 0; i < REPORTS; i++) {
      await file();
      const t0 = performance.now();
      const round = await byHand.runOnce();
      rounds.push(performance.now() - t0);
      reached.push(round?.notified ?? 0);
    }

    const engine = app.ctx.database.engine;
    console.log(`\n## Area alerts: ${ALERTS.toLocaleString('en')} subscriptions on ${engine} (${cells.toLocaleString('en')} cell rows, seeded in ${seedSeconds.toFixed(0)} s), ${REPORTS} reports each\n`);
    console.log('| createPost, one after another | p50 ms | p90 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    const n = ALERTS.toLocaleString('en');
    for (const [name, xs] of [['no alerts', without], [`${n} alerts, matcher stopped (scans wait)`, queued], [`${n} alerts, matcher running in this process`, withAlerts]] as const) {
      console.log(`| ${name} | ${fmt(pct(xs, 50))} | ${fmt(pct(xs, 90))} | ${fmt(pct(xs, 99))} | ${fmt(Math.max(...xs))} |`);
    }
    console.log(`\np50 ratio, matcher stopped / no alerts: ${(pct(queued, 50) / pct(without, 50)).toFixed(2)}x; matcher running / no alerts: ${(pct(withAlerts, 50) / pct(without, 50)).toFixed(2)}x; areaAlert notifications stored by those ${REPORTS} reports: ${(notesAfter - notesBefore).toLocaleString('en')}\n`);
    console.log('| matching one report (a matcher round) | p50 | p90 | p99 | max | mean |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(`| ms | ${fmt(pct(rounds, 50))} | ${fmt(pct(rounds, 90))} | ${fmt(pct(rounds, 99))} | ${fmt(Math.max(...rounds))} | ${fmt(rounds.reduce((a, b) => a + b, 0) / rounds.length)} |`);
    console.log(`| accounts reached | ${pct(reached, 50)} | ${pct(reached, 90)} | ${pct(reached, 99)} | ${Math.max(...reached)} | ${fmt(reached.reduce((a, b) => a + b, 0) / reached.length)} |`);
  } finally {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
