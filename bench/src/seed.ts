/**
 * Seeds a data directory with N posts (each with 2 images, a few votes, comments and a reply) by
 * writing rows directly, batch by batch, through the server's own migrations and Kysely instance.
 *
 * The posts fill the department queues the way a city's would: 40% unassigned, 40% taken by one of
 * 20 departments and in progress, 20% resolved; vote counts spread over 0-39 up and 0-11 down, so
 * the count sorts have real order to keep. (Each post has four vote rows whatever its counts: the
 * lists read the kept counts, and the voter id lists are capped per post anyway.)
 *
 * For the admin figures (issue 11) the reports also look like a country's: created over about three
 * years up to the hour of seeding (ids keep created_at's order), pinned around 30 Indian cities
 * (more in the big ones) with the city's state, taken over 1 hour to 20 days after the report and
 * finished 1 to 60 days after it (log-uniform, some departments quicker than others), with
 * take_bucket / finish_bucket / resolved_at written as the service writes them, and each
 * department's resolved count set to the reports it finished.
 */
import { sql } from 'kysely';
import { CATEGORY_CODES, INDIAN_STATES, PRIORITIES, durationBucket, formatReference, referencePrefix } from '@civicpulse/shared';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/index.js';
import { hashPassword } from '../../apps/server/src/lib/password.js';

export const BENCH_PASSWORD = 'bench-password';
/** Bumped when the seeded rows change, so a seed kept in BENCH_SEED_DIR by an older version is written again. */
export const SEED_VERSION = 2;

function id(ms: number, n: number): string {
  return ms.toString(16).padStart(12, '0') + (n & 0xffff).toString(16).padStart(4, '0') + (n >>> 0).toString(16).padStart(8, '0').slice(-8);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The reports span about three years, whatever their number (a million: one every ~95 s). */
const SPAN_MS = 3 * 365 * DAY_MS;

type IndianState = (typeof INDIAN_STATES)[number];
/** City centres, the city's state, a pincode there and a weight (roughly its share of reports). */
export const CITIES: ReadonlyArray<{ name: string; lat: number; lng: number; state: IndianState; pincode: string; weight: number }> = [
  { name: 'Mumbai', lat: 19.076, lng: 72.8777, state: 'Maharashtra', pincode: '400001', weight: 10 },
  { name: 'Delhi', lat: 28.6139, lng: 77.209, state: 'Delhi', pincode: '110001', weight: 10 },
  { name: 'Bengaluru', lat: 12.9716, lng: 77.5946, state: 'Karnataka', pincode: '560001', weight: 8 },
  { name: 'Hyderabad', lat: 17.385, lng: 78.4867, state: 'Telangana', pincode: '500001', weight: 6 },
  { name: 'Ahmedabad', lat: 23.0225, lng: 72.5714, state: 'Gujarat', pincode: '380001', weight: 5 },
  { name: 'Chennai', lat: 13.0827, lng: 80.2707, state: 'Tamil Nadu', pincode: '600001', weight: 6 },
  { name: 'Kolkata', lat: 22.5726, lng: 88.3639, state: 'West Bengal', pincode: '700001', weight: 6 },
  { name: 'Pune', lat: 18.5204, lng: 73.8567, state: 'Maharashtra', pincode: '411001', weight: 5 },
  { name: 'Jaipur', lat: 26.9124, lng: 75.7873, state: 'Rajasthan', pincode: '302001', weight: 3 },
  { name: 'Lucknow', lat: 26.8467, lng: 80.9462, state: 'Uttar Pradesh', pincode: '226001', weight: 3 },
  { name: 'Kanpur', lat: 26.4499, lng: 80.3319, state: 'Uttar Pradesh', pincode: '208001', weight: 2 },
  { name: 'Nagpur', lat: 21.1458, lng: 79.0882, state: 'Maharashtra', pincode: '440001', weight: 2 },
  { name: 'Indore', lat: 22.7196, lng: 75.8577, state: 'Madhya Pradesh', pincode: '452001', weight: 2 },
  { name: 'Bhopal', lat: 23.2599, lng: 77.4126, state: 'Madhya Pradesh', pincode: '462001', weight: 2 },
  { name: 'Patna', lat: 25.5941, lng: 85.1376, state: 'Bihar', pincode: '800001', weight: 2 },
  { name: 'Surat', lat: 21.1702, lng: 72.8311, state: 'Gujarat', pincode: '395001', weight: 3 },
  { name: 'Visakhapatnam', lat: 17.6868, lng: 83.2185, state: 'Andhra Pradesh', pincode: '530001', weight: 2 },
  { name: 'Vadodara', lat: 22.3072, lng: 73.1812, state: 'Gujarat', pincode: '390001', weight: 1 },
  { name: 'Ludhiana', lat: 30.901, lng: 75.8573, state: 'Punjab', pincode: '141001', weight: 1 },
  { name: 'Chandigarh', lat: 30.7333, lng: 76.7794, state: 'Chandigarh', pincode: '160017', weight: 1 },
  { name: 'Guwahati', lat: 26.1445, lng: 91.7362, state: 'Assam', pincode: '781001', weight: 1 },
  { name: 'Bhubaneswar', lat: 20.2961, lng: 85.8245, state: 'Odisha', pincode: '751001', weight: 1 },
  { name: 'Kochi', lat: 9.9312, lng: 76.2673, state: 'Kerala', pincode: '682001', weight: 1 },
  { name: 'Thiruvananthapuram', lat: 8.5241, lng: 76.9366, state: 'Kerala', pincode: '695001', weight: 1 },
  { name: 'Coimbatore', lat: 11.0168, lng: 76.9558, state: 'Tamil Nadu', pincode: '641001', weight: 1 },
  { name: 'Ranchi', lat: 23.3441, lng: 85.3096, state: 'Jharkhand', pincode: '834001', weight: 1 },
  { name: 'Raipur', lat: 21.2514, lng: 81.6296, state: 'Chhattisgarh', pincode: '492001', weight: 1 },
  { name: 'Dehradun', lat: 30.3165, lng: 78.0322, state: 'Uttarakhand', pincode: '248001', weight: 1 },
  { name: 'Srinagar', lat: 34.0837, lng: 74.7973, state: 'Jammu and Kashmir', pincode: '190001', weight: 1 },
  { name: 'Panaji', lat: 15.4909, lng: 73.8278, state: 'Goa', pincode: '403001', weight: 1 },
];
/** Each weight unit is one slot, so `CITY_SLOTS[h % length]` picks cities in proportion. */
const CITY_SLOTS = CITIES.flatMap((c, i) => Array.from({ length: c.weight }, () => i));

/** A deterministic value in [0, 1) for (i, salt): the seed writes the same rows every time for one anchor. */
function unit(i: number, salt: number): number {
  let h = Math.imul(i ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 2 ** 32;
}

/** Log-uniform between lo and hi for u in [0, 1): many quick ones, a long tail. */
const logUniform = (lo: number, hi: number, u: number) => lo * (hi / lo) ** u;

export async function seed(
  dataDir: string,
  posts: number,
  databaseUrl?: string,
): Promise<{ viewerEmail: string; deptEmail: string; samplePostId: string }> {
  const database = openDatabase({ dataDir, databaseUrl });
  const { db } = database;
  await migrateToLatest(db);
  const hash = await hashPassword(BENCH_PASSWORD, 16384);
  const citizens = 200;
  // The newest report is from the hour of seeding; ids are time-ordered like created_at.
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const step = Math.max(1000, Math.floor(SPAN_MS / Math.max(posts, 1)));
  const start = end - Math.max(posts - 1, 0) * step;
  const at = (ms: number) => new Date(ms).toISOString();
  const t = (i: number) => at(start + i * 1000);
  const accounts = Array.from({ length: citizens }, (_, i) => ({
    id: id(start - 1000 + i, i),
    role: 'user' as const,
    email: `citizen${i}@bench.in`,
    password_hash: hash,
    name: `Citizen ${i}`,
    is_verified: 0,
    resolved_issues_count: 0,
    created_at: t(-1000 + i),
    updated_at: t(-1000 + i),
  }));
  await db.insertInto('accounts').values(accounts).execute();
  const departments = Array.from({ length: 20 }, (_, i) => ({
    id: id(start - 2000 + i, 0x8000 + i),
    role: 'government' as const,
    email: `dept${i}@bench.in`,
    password_hash: hash,
    name: `Ward ${i} Public Works`,
    department: 'Public Works Department',
    city: 'Pune',
    phone: '9876543210',
    is_verified: 1,
    resolved_issues_count: 0,
    created_at: t(-2000 + i),
    updated_at: t(-2000 + i),
  }));
  await db.insertInto('accounts').values(departments).execute();
  const resolvedBy = new Array<number>(departments.length).fill(0);
  const OPEN_STATES = ['Problem Seen', 'Verified', 'Work Started', 'Work Near Completion'] as const;
  const batch = 500;
  let samplePostId = '';
  // Reference numbers as the server gives them: per state and year, in filing order.
  const lastReference = new Map<string, number>();
  for (let from = 0; from < posts; from += batch) {
    await db.transaction().execute(async (trx) => {
      const postRows = [];
      const images = [];
      const votes = [];
      const comments = [];
      for (let i = from; i < Math.min(posts, from + batch); i++) {
        const createdMs = start + i * step;
        const created = at(createdMs);
        const postId = id(createdMs, i);
        if (i === Math.floor(posts / 2)) samplePostId = postId;
        const author = accounts[i % citizens]!.id;
        const bucket = (i * 2654435761) % 10;
        const finished = bucket >= 8;
        const deptIndex = (i * 31) % departments.length;
        const dept = bucket >= 4 ? departments[deptIndex]!.id : null;
        if (finished) resolvedBy[deptIndex]!++;
        // Nothing happens after the hour of seeding: the newest reports were taken over (and finished) quickly.
        const available = end - createdMs;
        // Departments differ: the first take over and finish sooner than the last.
        const pace = 1.4 - 0.04 * deptIndex;
        const takeMs = Math.min(available, logUniform(HOUR_MS, 20 * DAY_MS, unit(i, 1) ** pace));
        const finishMs = Math.min(available, Math.max(takeMs + HOUR_MS, logUniform(DAY_MS, 60 * DAY_MS, unit(i, 2) ** pace)));
        const city = CITIES[CITY_SLOTS[Math.floor(unit(i, 3) * CITY_SLOTS.length)]!]!;
        // About +-15 km around the centre, denser near it (the sum of two uniforms).
        const jitter = (salt: number) => (unit(i, salt) + unit(i, salt + 1) - 1) * 0.15;
        const prefix = referencePrefix(city.state, created);
        const sequence = (lastReference.get(prefix) ?? 0) + 1;
        lastReference.set(prefix, sequence);
        postRows.push({
          id: postId,
          reference: formatReference(prefix, sequence),
          author_id: author,
          caption: `Pothole number ${i} near the market road needs repair`,
          priority: PRIORITIES[i % 4]!,
          category: CATEGORY_CODES[i % CATEGORY_CODES.length]!,
          current_state: finished ? ('Resolved' as const) : ('In Progress' as const),
          progress_state: finished ? ('Finished' as const) : dept ? OPEN_STATES[i % 4]! : ('Unseen' as const),
          finished: finished ? 1 : 0,
          resolved_at: finished ? at(createdMs + finishMs) : null,
          state: city.state,
          landmark: 'Near the bus stop',
          address: `${i} Market Road, ${city.name}`,
          pincode: city.pincode,
          city: city.name,
          lat: Math.round((city.lat + jitter(4)) * 1e6) / 1e6,
          lng: Math.round((city.lng + jitter(6)) * 1e6) / 1e6,
          assigned_government: dept,
          take_bucket: dept ? durationBucket(takeMs) : null,
          finish_bucket: finished ? durationBucket(finishMs) : null,
          final_caption: finished ? 'Filled and resurfaced' : null,
          upvote_count: (i * 7919) % 40,
          downvote_count: (i * 104729) % 12,
          comment_count: 4,
          created_at: created,
          updated_at: finished ? at(createdMs + finishMs) : dept ? at(createdMs + takeMs) : created,
        });
        for (let k = 0; k < 2; k++) {
          images.push({
            id: id(createdMs, i * 2 + k + 1),
            post_id: postId,
            kind: 'report' as const,
            position: k,
            key: `public/posts/${postId}/${k}.webp`,
            thumb_key: `public/posts/${postId}/${k}-thumb.webp`,
            width: 1600,
            height: 1200,
            created_at: created,
          });
        }
        for (let v = 0; v < 4; v++) {
          votes.push({ post_id: postId, account_id: accounts[(i + v + 1) % citizens]!.id, type: v < 3 ? ('upvote' as const) : ('downvote' as const), created_at: created });
        }
        for (let c = 0; c < 4; c++) {
          const commentId = id(createdMs + c + 1, i * 8 + c);
          comments.push({
            id: commentId,
            post_id: postId,
            parent_id: null,
            author_id: accounts[(i + c + 7) % citizens]!.id,
            author_name: `Citizen ${(i + c + 7) % citizens}`,
            author_role: 'user' as const,
            content: `Comment ${c}: this has been here for weeks`,
            created_at: created,
          });
          if (c === 0) {
            comments.push({
              id: id(createdMs + 9, i * 8 + 7),
              post_id: postId,
              parent_id: commentId,
              author_id: author,
              author_name: 'Author',
              author_role: 'user' as const,
              content: 'Thanks, reported to the ward office too',
              created_at: created,
            });
          }
        }
      }
      await trx.insertInto('posts').values(postRows).execute();
      for (let k = 0; k < images.length; k += 400) await trx.insertInto('post_images').values(images.slice(k, k + 400)).execute();
      for (let k = 0; k < votes.length; k += 400) await trx.insertInto('votes').values(votes.slice(k, k + 400)).execute();
      // Replies reference their comment, so parents go first within each slice (they precede replies).
      for (let k = 0; k < comments.length; k += 300) await trx.insertInto('comments').values(comments.slice(k, k + 300)).execute();
    });
  }
  for (const [prefix, last] of lastReference) await db.insertInto('reference_counters').values({ prefix, last }).execute();
  // The admin's "top departments by resolved": what the service would have counted as they finished.
  for (const [k, d] of departments.entries()) {
    if (resolvedBy[k]) await db.updateTable('accounts').set({ resolved_issues_count: resolvedBy[k] }).where('id', '=', d.id).execute();
  }
  // A freshly bulk-loaded PostgreSQL has no planner statistics until autovacuum gets to it; a
  // deployment that grew to this size would have them, so gather them before measuring.
  if (database.engine === 'postgres') await sql`analyze`.execute(db);
  // SQLite likewise: the server's start-up `pragma optimize` (db/maintenance.ts) analyzes every table
  // that has no statistics yet, which at a million posts takes over a minute (votes alone ~70 s cold)
  // before the server listens; the same pragmas here, so that time is counted as seeding.
  else {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`pragma optimize = 0x10002`.execute(db);
  }
  await database.destroy();
  return { viewerEmail: accounts[0]!.email, deptEmail: departments[0]!.email, samplePostId };
}
