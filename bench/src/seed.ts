/**
 * Seeds a data directory with N posts (each with 2 images, a few votes, comments and a reply) by
 * writing rows directly, batch by batch, through the server's own migrations and Kysely instance.
 *
 * The posts fill the department queues the way a city's would: 40% unassigned, 40% taken by one of
 * 20 departments and in progress, 20% resolved; vote counts spread over 0-39 up and 0-11 down, so
 * the count sorts have real order to keep. (Each post has four vote rows whatever its counts: the
 * lists read the kept counts, and the voter id lists are capped per post anyway.)
 */
import { sql } from 'kysely';
import { INDIAN_STATES, PRIORITIES } from '@civicpulse/shared';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/index.js';
import { hashPassword } from '../../apps/server/src/lib/password.js';

export const BENCH_PASSWORD = 'bench-password';

function id(ms: number, n: number): string {
  return ms.toString(16).padStart(12, '0') + (n & 0xffff).toString(16).padStart(4, '0') + (n >>> 0).toString(16).padStart(8, '0').slice(-8);
}

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
  const start = Date.UTC(2025, 0, 1);
  const t = (i: number) => new Date(start + i * 1000).toISOString();
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
  const OPEN_STATES = ['Problem Seen', 'Verified', 'Work Started', 'Work Near Completion'] as const;
  const batch = 500;
  let samplePostId = '';
  for (let from = 0; from < posts; from += batch) {
    await db.transaction().execute(async (trx) => {
      const postRows = [];
      const images = [];
      const votes = [];
      const comments = [];
      for (let i = from; i < Math.min(posts, from + batch); i++) {
        const postId = id(start + i * 1000, i);
        if (i === Math.floor(posts / 2)) samplePostId = postId;
        const author = accounts[i % citizens]!.id;
        const bucket = (i * 2654435761) % 10;
        const finished = bucket >= 8;
        const dept = bucket >= 4 ? departments[(i * 31) % departments.length]!.id : null;
        postRows.push({
          id: postId,
          author_id: author,
          caption: `Pothole number ${i} near the market road needs repair`,
          priority: PRIORITIES[i % 4]!,
          current_state: finished ? ('Resolved' as const) : ('In Progress' as const),
          progress_state: finished ? ('Finished' as const) : dept ? OPEN_STATES[i % 4]! : ('Unseen' as const),
          finished: finished ? 1 : 0,
          resolved_at: finished ? t(i + 3600) : null,
          state: INDIAN_STATES[i % 36]!,
          landmark: 'Near the bus stop',
          address: `${i} Market Road`,
          pincode: '400001',
          lat: 8 + (i % 2800) / 100,
          lng: 70 + (i % 2500) / 100,
          assigned_government: dept,
          final_caption: finished ? 'Filled and resurfaced' : null,
          upvote_count: (i * 7919) % 40,
          downvote_count: (i * 104729) % 12,
          comment_count: 4,
          created_at: t(i),
          updated_at: t(i),
        });
        for (let k = 0; k < 2; k++) {
          images.push({
            id: id(start + i * 1000, i * 2 + k + 1),
            post_id: postId,
            kind: 'report' as const,
            position: k,
            key: `public/posts/${postId}/${k}.webp`,
            thumb_key: `public/posts/${postId}/${k}-thumb.webp`,
            width: 1600,
            height: 1200,
            created_at: t(i),
          });
        }
        for (let v = 0; v < 4; v++) {
          votes.push({ post_id: postId, account_id: accounts[(i + v + 1) % citizens]!.id, type: v < 3 ? ('upvote' as const) : ('downvote' as const), created_at: t(i) });
        }
        for (let c = 0; c < 4; c++) {
          const commentId = id(start + i * 1000 + c + 1, i * 8 + c);
          comments.push({
            id: commentId,
            post_id: postId,
            parent_id: null,
            author_id: accounts[(i + c + 7) % citizens]!.id,
            author_name: `Citizen ${(i + c + 7) % citizens}`,
            author_role: 'user' as const,
            content: `Comment ${c}: this has been here for weeks`,
            created_at: t(i),
          });
          if (c === 0) {
            comments.push({
              id: id(start + i * 1000 + 9, i * 8 + 7),
              post_id: postId,
              parent_id: commentId,
              author_id: author,
              author_name: 'Author',
              author_role: 'user' as const,
              content: 'Thanks, reported to the ward office too',
              created_at: t(i),
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
  // A freshly bulk-loaded PostgreSQL has no planner statistics until autovacuum gets to it; a
  // deployment that grew to this size would have them, so gather them before measuring.
  if (database.engine === 'postgres') await sql`analyze`.execute(db);
  await database.destroy();
  return { viewerEmail: accounts[0]!.email, deptEmail: departments[0]!.email, samplePostId };
}
