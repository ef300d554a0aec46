/**
 * Reference numbers (`CP-MH-2026-000123`): every report gets one when it is filed, per state and year,
 * counted without gaps; unique when many are filed at once (real parallel requests on PostgreSQL with
 * TEST_DATABASE_URL); carried by every post answer; found by the admin's search, typed any way; given
 * to reports an older version stored, in the order they were filed.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReference, parseReference, referencePrefix, type Post } from '@civicpulse/shared';
import { ManualClock } from '../src/lib/clock.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { SAMPLE_LOCATION, createPost, postForm, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

const clock = new ManualClock();
clock.set(Date.parse('2026-11-20T10:00:00.000Z'));
let t: TestApp;
let citizen: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  citizen = await signupCitizen(t.app);
  admin = await loginAdmin(t.app);
});
afterAll(() => t.close());

const inState = (state: string) => ({ location: { ...SAMPLE_LOCATION, state } });

async function adminSearch(q: string): Promise<Post[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/allPosts?limit=20&q=${encodeURIComponent(q)}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ posts: Post[] }>().posts;
}

describe('shared/reference', () => {
  it('formats, and reads back what a person types', () => {
    expect(referencePrefix('Maharashtra', '2026-11-20T10:00:00.000Z')).toBe('CP-MH-2026');
    expect(referencePrefix('Atlantis', '2027-01-01T00:00:00.000Z')).toBe('CP-IN-2027');
    expect(formatReference('CP-MH-2026', 123)).toBe('CP-MH-2026-000123');
    expect(formatReference('CP-MH-2026', 1_234_567)).toBe('CP-MH-2026-1234567');
    expect(parseReference(' cp-mh-2026-123 ')).toBe('CP-MH-2026-000123');
    expect(parseReference('CP-DL-2026-000001')).toBe('CP-DL-2026-000001');
    for (const text of ['pothole', 'CP-MH-26-1', 'CP-MH-2026-0', 'CP-MH-2026-', 'CP-MAH-2026-1', 'CP-MH-2026-1234567890']) expect(parseReference(text), text).toBeNull();
  });
});

describe('a report gets its reference number when it is filed', () => {
  it('counts per state and year from 1, on the answer, the card and the post page', async () => {
    const first = await createPost(t.app, citizen, inState('Goa'));
    const second = await createPost(t.app, citizen, inState('Goa'));
    const other = await createPost(t.app, citizen, inState('Kerala'));
    expect([first.reference, second.reference, other.reference]).toEqual(['CP-GA-2026-000001', 'CP-GA-2026-000002', 'CP-KL-2026-000001']);

    const page = await t.app.inject({ method: 'GET', url: `/api/posts/post/${second._id}`, headers: citizen.auth });
    expect(page.json<{ post: Post }>().post.reference).toBe('CP-GA-2026-000002');
    const feed = await t.app.inject({ method: 'GET', url: '/api/user/allPosts?limit=50', headers: citizen.auth });
    expect(feed.json<{ posts: Post[] }>().posts.find((p) => p._id === other._id)?.reference).toBe('CP-KL-2026-000001');

    // A new year starts a new count.
    clock.set(Date.parse('2027-01-01T00:00:05.000Z'));
    try {
      expect((await createPost(t.app, citizen, inState('Goa'))).reference).toBe('CP-GA-2027-000001');
    } finally {
      clock.set(Date.parse('2026-11-20T10:00:00.000Z'));
    }
  });

  it('a report that is refused takes no number', async () => {
    const before = await createPost(t.app, citizen, inState('Sikkim'));
    const form = await postForm({ ...inState('Sikkim'), caption: '' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...citizen.auth, ...form.headers }, payload: form.payload });
    expect(refused.statusCode).toBe(400);
    const after = await createPost(t.app, citizen, inState('Sikkim'));
    expect([before.reference, after.reference]).toEqual(['CP-SK-2026-000001', 'CP-SK-2026-000002']);
  });

  it('twelve reports filed at the same moment in one state get twelve consecutive numbers', async () => {
    const authors = await Promise.all(Array.from({ length: 4 }, () => signupCitizen(t.app)));
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => createPost(t.app, authors[i % 4]!, inState('Bihar'))));
    const numbers = made.map((p) => String(p.reference)).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => formatReference('CP-BR-2026', i + 1)));
  });
});

describe('finding a report by its number', () => {
  it("the admin's search finds it however it is typed, and nothing for a number no report has", async () => {
    const made = await createPost(t.app, citizen, { ...inState('Tripura'), caption: 'Streetlight flickering all night' });
    expect(made.reference).toBe('CP-TR-2026-000001');
    for (const typed of ['CP-TR-2026-000001', 'cp-tr-2026-1', '  CP-TR-2026-01 ']) {
      expect((await adminSearch(typed)).map((p) => p._id), typed).toEqual([made._id]);
    }
    expect(await adminSearch('CP-TR-2026-000999')).toEqual([]);
    // Other words still search captions.
    expect((await adminSearch('flickering')).map((p) => p._id)).toContain(made._id);
  });

  it("a department's search stays within what it may see", async () => {
    const dept = await signupGovernment(t.app);
    const made = await createPost(t.app, citizen, inState('Mizoram'));
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/allPosts?q=${made.reference}`, headers: dept.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('exports', () => {
  it("the admin's CSV and GeoJSON carry each report's reference number (CSV: the last column)", async () => {
    const made = await createPost(t.app, citizen, inState('Nagaland'));
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/export.csv', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]!.split(',').at(-1)).toBe('reference');
    const line = lines.find((l) => l.startsWith(`${made._id},`));
    expect(line?.split(',').at(-1)).toBe('CP-NL-2026-000001');
    const geo = await t.app.inject({ method: 'GET', url: '/api/admin/export.geojson', headers: admin.auth });
    const feature = geo.json<{ features: Array<{ properties: Record<string, unknown> }> }>().features.find((f) => f.properties.id === made._id);
    expect(feature?.properties.reference).toBe('CP-NL-2026-000001');
  });
});

describe('migration 017 on existing reports', () => {
  it('numbers them per state and year in the order they were filed, and new reports continue after them', async () => {
    const old = await createTestApp({}, { clock });
    try {
      const odb = old.app.ctx.database.db;
      // Signed up first: today's sign-up also writes tables that came after 016 (its email link).
      const author = await signupCitizen(old.app);
      const migrator = new Migrator({ db: odb, provider: migrationProvider });
      expect((await migrator.migrateTo('016_route_filter_orders')).error).toBeUndefined();
      const row = (n: number, state: string, createdAt: string) =>
        sql`(${`${n}`.padStart(24, '0')}, ${author.id}, ${'Old report'}, ${'High'}, ${'roads'}, ${'In Progress'}, ${'Unseen'}, ${state}, ${'L'}, ${'A'}, ${'403001'}, ${''}, ${15.49}, ${73.82}, ${0}, ${createdAt}, ${createdAt})`;
      await sql`insert into posts (id, author_id, caption, priority, category, current_state, progress_state, state, landmark, address, pincode, city, lat, lng, finished, created_at, updated_at)
        values ${sql.join([
          row(1, 'Goa', '2026-03-02T00:00:00.000Z'),
          row(2, 'Goa', '2026-03-01T00:00:00.000Z'),
          row(3, 'Goa', '2025-12-31T23:59:59.000Z'),
          row(4, 'Delhi', '2026-04-01T00:00:00.000Z'),
        ])}`.execute(odb);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const refs = await odb.selectFrom('posts').select(['id', 'reference']).orderBy('id').execute();
      expect(refs.map((r) => r.reference)).toEqual(['CP-GA-2026-000002', 'CP-GA-2026-000001', 'CP-GA-2025-000001', 'CP-DL-2026-000001']);
      expect((await createPost(old.app, author, inState('Goa'))).reference).toBe('CP-GA-2026-000003');
      expect((await createPost(old.app, author, inState('Delhi'))).reference).toBe('CP-DL-2026-000002');
    } finally {
      await old.close();
    }
  });
});
