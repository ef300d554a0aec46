/**
 * Issue 11: the admin console's figures on the engine the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): figures that agree with a brute-force count, the heatmap, the streamed exports,
 * the query plans behind the lists, migration 005 on older data, and caption search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { LIMITS, PRIORITIES, PROGRESS_ORDER, bucketBounds, durationBucket, type AdminStats, type Heatmap, type Post } from '@civicpulse/shared';
import { parseCsv } from './helpers/csv.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, SAMPLE_LOCATION, type Actor, type TestApp } from './helpers/app.js';
import { adminCalls } from './helpers/admin.js';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await loginAdmin(app);
});
afterAll(() => t.close());

const { db, get, countersMatchRows } = adminCalls(() => app, () => admin);

describe('figures', () => {
  it('stats agree with a brute-force count over the posts, after cascades too', async () => {
    // Spread reports over days, priorities, states and outcomes (through updates, so the triggers run).
    const citizen = await signupCitizen(app);
    const dept = await signupGovernment(app, { verified: true, department: 'Stats Office' });
    const now = Date.now();
    const states = ['Maharashtra', 'Karnataka', 'Delhi'];
    for (let i = 0; i < 12; i++) {
      const p = await createPost(app, citizen, { priority: PRIORITIES[i % 4], location: { ...SAMPLE_LOCATION, state: states[i % 3] } });
      const created = new Date(now - i * 4 * 86_400_000 - 3_600_000).toISOString();
      await db().updateTable('posts').set({ created_at: created }).where('id', '=', p._id).execute();
      if (i % 3 !== 0) await advanceTo(app, dept, p._id, i % 3 === 1 ? 'Work Started' : 'Waiting for User Verification');
      if (i % 3 === 2) expect((await app.inject({ method: 'PUT', url: `/api/user/verifyPost/${p._id}`, headers: citizen.auth })).statusCode).toBe(200);
    }
    const stats = await get<AdminStats>('/api/admin/stats');
    const all = await db().selectFrom('posts').selectAll().execute();
    const open = all.filter((p) => p.finished === 0);
    expect(stats.totals.posts).toBe(all.length);
    expect(stats.totals.resolved).toBe(all.length - open.length);
    expect(stats.totals.open).toBe(open.length);
    const accounts = await db().selectFrom('accounts').select(['role', 'is_verified']).execute();
    expect(stats.totals.users).toBe(accounts.filter((a) => a.role === 'user').length);
    expect(stats.totals.pendingGovernments).toBe(accounts.filter((a) => a.role === 'government' && a.is_verified === 0).length);
    for (const s of PROGRESS_ORDER) expect(stats.byProgress.find((b) => b.progressState === s)?.count).toBe(all.filter((p) => p.progress_state === s).length);
    for (const p of PRIORITIES) expect(stats.byPriority.find((b) => b.priority === p)?.count).toBe(all.filter((x) => x.priority === p).length);
    for (const st of new Set(all.map((p) => p.state))) expect(stats.byState.find((b) => b.state === st)?.count).toBe(all.filter((p) => p.state === st).length);
    expect(stats.perDay).toHaveLength(90);
    for (const d of stats.perDay) {
      expect(d.reported).toBe(all.filter((p) => p.created_at.startsWith(d.day)).length);
      expect(d.resolved).toBe(all.filter((p) => p.resolved_at?.startsWith(d.day)).length);
    }
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (const row of stats.stale) {
      const mine = open.filter((p) => p.priority === row.priority);
      expect(row.over7Days).toBe(mine.filter((p) => p.created_at.slice(0, 10) < day(now - 7 * 86_400_000)).length);
      expect(row.over30Days).toBe(mine.filter((p) => p.created_at.slice(0, 10) < day(now - 30 * 86_400_000)).length);
    }
    // Times: the exact median of the durations falls in the bucket the kept figure names.
    const finishHours = all
      .filter((p) => p.resolved_at)
      .map((p) => (Date.parse(p.resolved_at!) - Date.parse(p.created_at)) / 3_600_000)
      .sort((a, b) => a - b);
    expect(stats.timeToFinish.count).toBe(finishHours.length);
    const exactMedian = finishHours[Math.ceil(0.5 * finishHours.length) - 1]!;
    const [low, high] = bucketBounds(durationBucket(exactMedian * 3_600_000));
    expect(stats.timeToFinish.medianHours!).toBeGreaterThanOrEqual(Math.floor(low * 1000) / 1000);
    expect(stats.timeToFinish.medianHours!).toBeLessThanOrEqual(Math.ceil(high * 1000) / 1000);
    const mine = stats.byDepartment.find((d) => d._id === dept.id)!;
    expect(mine.resolved).toBe(4);
    expect(mine.finish.count).toBe(4);
    expect(mine.takeOver.count).toBe(8);
    expect(stats.topDepartments[0]!.resolvedIssuesCount).toBeGreaterThanOrEqual(4);

    // After a department and a citizen are deleted, the kept figures still match the rows.
    await app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${dept.id}`, headers: admin.auth });
    const afterDept = await get<AdminStats>('/api/admin/stats');
    const rows = await db().selectFrom('posts').selectAll().execute();
    for (const s of PROGRESS_ORDER) expect(afterDept.byProgress.find((b) => b.progressState === s)?.count).toBe(rows.filter((p) => p.progress_state === s).length);
    expect(afterDept.timeToTakeOver.count).toBe(rows.filter((p) => p.take_bucket !== null).length);
    expect(afterDept.byDepartment.find((d) => d._id === dept.id)).toBeUndefined();
    await app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${citizen.id}`, headers: admin.auth });
    const afterUser = await get<AdminStats>('/api/admin/stats');
    expect(afterUser.totals.posts).toBe(Number((await db().selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    await countersMatchRows();
  });

  it('the heatmap aggregates open reports into grid cells of the box', async () => {
    const citizen = await signupCitizen(app);
    const spots = [
      { lat: 18.523, lng: 73.853 },
      { lat: 18.527, lng: 73.857 },
      { lat: 19.07, lng: 72.87 },
    ];
    for (const s of spots) await createPost(app, citizen, { location: { ...SAMPLE_LOCATION, coordinates: s } });
    const open = (await db().selectFrom('posts').select(['lat', 'lng']).where('finished', '=', 0).execute()).map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) }));
    const india = await get<Heatmap>('/api/admin/heatmap?bbox=68,6,98,38');
    expect(india.cellSize).toBe(1);
    const inBox = (p: { lat: number; lng: number }, b: number[]) => p.lng >= b[0]! && p.lat >= b[1]! && p.lng <= b[2]! && p.lat <= b[3]!;
    expect(india.cells.reduce((s, c) => s + c.count, 0)).toBe(open.filter((p) => inBox(p, [68, 6, 98, 38])).length);
    const pune = await get<Heatmap>('/api/admin/heatmap?bbox=73.8,18.5,73.9,18.6');
    expect(pune.cellSize).toBe(0.01);
    const puneOpen = open.filter((p) => inBox(p, [73.8, 18.5, 73.9, 18.6]));
    expect(pune.cells.reduce((s, c) => s + c.count, 0)).toBe(puneOpen.length);
    expect(pune.cells.find((c) => Math.abs(c.lat - 18.525) < 0.006 && Math.abs(c.lng - 73.855) < 0.006)?.count).toBeGreaterThanOrEqual(2);
    for (const bad of ['1,2,3', 'a,b,c,d', '10,10,5,5', '0,0,200,10']) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/heatmap?bbox=${bad}`, headers: admin.auth });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('exports', () => {
  it('CSV: a header and one valid row per report, formulas neutralised', async () => {
    const citizen = await signupCitizen(app);
    await createPost(app, citizen, { caption: '=HYPERLINK("http://evil","click"), with "quotes"\nand a line break' });
    const res = await app.inject({ method: 'GET', url: '/api/admin/export.csv', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const records = parseCsv(res.body);
    expect(records[0]![0]).toBe('id');
    const total = Number((await db().selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(records.length - 1).toBe(total);
    expect(records.every((r) => r.length === records[0]!.length)).toBe(true);
    const evil = records.find((r) => r[2]!.includes('HYPERLINK'))!;
    expect(evil[2]).toBe(`'=HYPERLINK("http://evil","click"), with "quotes"\nand a line break`);
  });

  it('GeoJSON: a FeatureCollection of points with [lng, lat], filtered by progress', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/export.geojson?progress=Unseen', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const fc = JSON.parse(res.body) as { type: string; features: Array<{ geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }> };
    expect(fc.type).toBe('FeatureCollection');
    const unseen = await db().selectFrom('posts').select(['id', 'lat', 'lng']).where('progress_state', '=', 'Unseen').execute();
    expect(fc.features).toHaveLength(unseen.length);
    const first = fc.features[0]!;
    const row = unseen.find((p) => p.id === first.properties.id)!;
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] });
    expect(fc.features.every((f) => f.properties.progressState === 'Unseen')).toBe(true);
  });
});

describe('query plans (SQLite)', () => {
  it('every admin list and figure reads an index range or a kept counter, never sorting the table', async (ctx) => {
    if (t.engine !== 'sqlite') return ctx.skip();
    const { default: SQLite } = await import('better-sqlite3');
    const { Kysely, SqliteDialect } = await import('kysely');
    const { AccountsRepo } = await import('../src/modules/accounts/repo.js');
    const { AdminRepo } = await import('../src/modules/admin/repo.js');
    const { PostListingRepo } = await import('../src/modules/posts/listing.js');
    const { PostReadsRepo } = await import('../src/modules/posts/reads.js');
    const { UnitOfWork } = await import('../src/events/unitOfWork.js');
    const sqlite = new SQLite(`${t.dataDir}/civicpulse.db`);
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const kdb = new Kysely<import('../src/db/types.js').DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void statements.push(e.query) });
    const planOf = async (run: () => Promise<unknown>) => {
      statements.length = 0;
      await run();
      const q = statements[0]!;
      return (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail).join(' / ');
    };
    const work = new UnitOfWork(kdb, 'sqlite');
    const accounts = new AccountsRepo(work);
    const adminRepo = new AdminRepo(kdb);
    const posts = new PostListingRepo(kdb);
    const postReads = new PostReadsRepo(kdb);
    const id = 'f'.repeat(24);
    try {
      const plans: Record<string, string> = {
        users: await planOf(() => accounts.list({ limit: 21, after: id })),
        usersByRole: await planOf(() => accounts.list({ role: 'user', limit: 21, after: id })),
        governments: await planOf(() => accounts.listGovernments({ limit: 21, after: [0, id] })),
        pending: await planOf(() => accounts.listGovernments({ verified: false, limit: 21 })),
        top: await planOf(() => accounts.topGovernments(20)),
        stat: await planOf(() => adminRepo.stats(['day', 'resolved_day'], '2026-01-01')),
        openDays: await planOf(() => adminRepo.openOlderThan('2026-01-01', '2025-12-01')),
        departments: await planOf(() => adminRepo.departmentBuckets(['a'.repeat(24), 'b'.repeat(24)])),
        cells: await planOf(() => adminRepo.cells(2, { x0: 7300, x1: 7400, y0: 1800, y1: 1900 }, 2500)),
        audit: await planOf(() => adminRepo.audit(id, 21)),
        auditOfOne: await planOf(() => adminRepo.audit(id, 21, 'a'.repeat(24))),
        export: await planOf(() => postReads.exportBatch({}, id, 1000)),
        progress: await planOf(() => posts.list({ progressState: 'Verified' }, { sort: 'newest', limit: 21 })),
      };
      for (const [name, plan] of Object.entries(plans)) {
        // The open-days sum groups the open_day rows it reads (four per day of history, not per report).
        if (name !== 'openDays') expect(plan, name).not.toContain('TEMP B-TREE');
        expect(plan, name).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|USING PRIMARY KEY/);
      }
      expect(plans.usersByRole).toContain('accounts_role_id');
      expect(plans.pending).toContain('accounts_role_verified');
      expect(plans.top).toContain('accounts_role_resolved');
      for (const name of ['stat', 'openDays', 'departments']) expect(plans[name], name).toContain('sqlite_autoindex_post_stats');
      expect(plans.cells).toContain('sqlite_autoindex_post_cells');
      expect(plans.progress).toContain('posts_progress');
      expect(plans.auditOfOne).toContain('audit_log_actor');
    } finally {
      await kdb.destroy();
    }
  });
});

describe('migration 005 on existing data', () => {
  it('backfills durations, figures and report counts from the rows an older version wrote', async () => {
    const old = await createTestApp();
    try {
      const odb = old.app.ctx.database.db;
      const { Migrator } = await import('kysely');
      const { migrationProvider } = await import('../src/db/migrations/index.js');
      const migrator = new Migrator({ db: odb, provider: migrationProvider });
      expect((await migrator.migrateTo('004_scale')).error).toBeUndefined();
      const t0 = Date.parse('2026-03-01T10:00:00.000Z');
      const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
      const account = (id: string, role: 'user' | 'government') => ({
        id, role, email: `${id}@old.in`, password_hash: 'x', name: id, is_verified: 1, resolved_issues_count: 0, created_at: at(0), updated_at: at(0),
      });
      await sql`insert into accounts (id, role, email, password_hash, name, is_verified, resolved_issues_count, created_at, updated_at)
        values ${sql.join([account('a'.repeat(24), 'user'), account('b'.repeat(24), 'government')].map((a) => sql`(${a.id}, ${a.role}, ${a.email}, ${a.password_hash}, ${a.name}, ${a.is_verified}, ${a.resolved_issues_count}, ${a.created_at}, ${a.updated_at})`))}`.execute(odb);
      const post = (n: number, dept: boolean, resolvedAfter: number | null) => sql`(${`${n}`.padStart(24, '0')}, ${'a'.repeat(24)}, ${'Old report'}, ${'High'},
        ${resolvedAfter === null ? 'In Progress' : 'Resolved'}, ${resolvedAfter === null ? (dept ? 'Work Started' : 'Unseen') : 'Finished'}, ${'Goa'}, ${'L'}, ${'A'}, ${'403001'},
        ${15.49 + n / 1000}, ${73.82}, ${dept ? 'b'.repeat(24) : null}, ${resolvedAfter === null ? 0 : 1}, ${resolvedAfter === null ? null : at(resolvedAfter)}, ${at(0)}, ${at(0)})`;
      await sql`insert into posts (id, author_id, caption, priority, current_state, progress_state, state, landmark, address, pincode, lat, lng, assigned_government, finished, resolved_at, created_at, updated_at)
        values ${sql.join([post(1, false, null), post(2, true, null), post(3, true, 3000)])}`.execute(odb);
      for (const [n, minutes] of [[2, 90], [3, 45]] as const) {
        await sql`insert into progress_history (id, post_id, actor_id, actor_name, actor_role, action, from_state, to_state, created_at)
          values (${`h${n}`.padEnd(24, '0')}, ${`${n}`.padStart(24, '0')}, ${'b'.repeat(24)}, ${'Dept'}, ${'government'}, ${'advance'}, ${'Unseen'}, ${'Problem Seen'}, ${at(minutes)})`.execute(odb);
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await odb.selectFrom('posts').select(['id', 'take_bucket', 'finish_bucket']).orderBy('id').execute();
      expect(rows.map((r) => [r.take_bucket, r.finish_bucket])).toEqual([
        [null, null],
        [durationBucket(90 * 60_000), null],
        [durationBucket(45 * 60_000), durationBucket(3000 * 60_000)],
      ]);
      const stats = await old.app.ctx.services.admin.stats(Date.parse('2026-03-05T00:00:00.000Z'));
      expect(stats.totals).toMatchObject({ posts: 3, resolved: 1, open: 2 });
      expect(stats.byState).toEqual([{ state: 'Goa', count: 3 }]);
      expect(stats.timeToTakeOver.count).toBe(2);
      expect(stats.stale.find((s) => s.priority === 'High')).toEqual({ priority: 'High', over7Days: 0, over30Days: 0 });
      expect(stats.perDay.find((d) => d.day === '2026-03-01')).toEqual({ day: '2026-03-01', reported: 3, resolved: 0 });
      const heat = await old.app.ctx.services.admin.heatmap({ minLng: 68, minLat: 6, maxLng: 98, maxLat: 38 });
      expect(heat.cells.reduce((s, c) => s + c.count, 0)).toBe(2);
      expect((await old.app.ctx.repos.accounts.findById('a'.repeat(24)))?.post_count).toBe(3);
    } finally {
      await old.close();
    }
  });
});

describe('caption search', () => {
  it('walks in bounded slices: a rare word answers partial pages with a cursor, and following them finds every match once', async () => {
    const citizen = await signupCitizen(app);
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      ids.push((await createPost(app, citizen, { caption: i === 1 ? 'Qwzx hidden sewer overflow' : i % 2 ? `Zebra crossing faded ${i}` : `Zebra light ${i}` }))._id);
    }
    const limits = LIMITS as { searchSlice: number; searchScanMax: number };
    const saved = { ...limits };
    limits.searchSlice = 3;
    limits.searchScanMax = 6;
    try {
      const walk = async (q: string, limit: number, extra = '') => {
        const pages: Post[][] = [];
        let cursor = '';
        for (let n = 0; n < 20; n++) {
          const p = await get<{ posts: Post[]; nextCursor: string | null }>(`/api/admin/allPosts?q=${q}&limit=${limit}${extra}${cursor ? `&cursor=${cursor}` : ''}`);
          pages.push(p.posts);
          if (!p.nextCursor) break;
          cursor = p.nextCursor;
        }
        return pages;
      };
      const rare = await walk('qwzx', 5);
      // The newest 6 posts hold no match: the first answer is empty but says where to go on.
      expect(rare[0]).toEqual([]);
      expect(rare.flat().map((p) => p._id)).toEqual([ids[1]]);
      const common = await walk('zebra', 3);
      expect(common.flat().map((p) => p._id)).toEqual(ids.filter((_, i) => i !== 1).reverse());
      const byVotes = (await walk('zebra', 50, '&sort=mostUpvotes')).flat();
      expect(new Set(byVotes.map((p) => p._id))).toEqual(new Set(ids.filter((_, i) => i !== 1)));
      expect(byVotes).toHaveLength(8);
    } finally {
      Object.assign(limits, saved);
    }
  });
});
