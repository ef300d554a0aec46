/**
 * Seeds a data directory with N posts (each with 2 images, a few votes, comments and a reply) by
 * writing rows directly, batch by batch, through the server's own migrations and Kysely instance.
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
): Promise<{ viewerEmail: string; samplePostId: string }> {
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
        postRows.push({
          id: postId,
          author_id: author,
          caption: `Pothole number ${i} near the market road needs repair`,
          priority: PRIORITIES[i % 4]!,
          current_state: 'In Progress' as const,
          progress_state: 'Unseen' as const,
          state: INDIAN_STATES[i % 36]!,
          landmark: 'Near the bus stop',
          address: `${i} Market Road`,
          pincode: '400001',
          lat: 8 + (i % 2800) / 100,
          lng: 70 + (i % 2500) / 100,
          assigned_government: null,
          final_caption: null,
          upvote_count: 3,
          downvote_count: 1,
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
  return { viewerEmail: accounts[0]!.email, samplePostId };
}
