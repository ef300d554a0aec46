import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Role, VoteType } from '@civicpulse/shared';
import type { Engine } from '../../db/index.js';
import type { CommentTable, DB, PostImageTable, PostTable } from '../../db/types.js';

export type PostRow = Selectable<PostTable> & {
  author_name: string;
  author_email: string;
  author_role: Role;
  author_photo: string | null;
};
export type ImageRow = Selectable<PostImageTable>;
export type CommentRow = Selectable<CommentTable>;
export type VoteRow = { post_id: string; account_id: string; type: VoteType };

/** SQLite and PostgreSQL both cap bound parameters; big id lists are read in slices. */
const CHUNK = 900;
async function inChunks<T>(ids: string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length === 0) return [];
  if (ids.length <= CHUNK) return read(ids);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

export interface FeedFilter {
  excludeAuthor?: string;
  authorId?: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export class PostsRepo {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
  ) {}

  private selectPosts(db: Kysely<DB> | Transaction<DB> = this.db) {
    return db
      .selectFrom('posts')
      .innerJoin('accounts', 'accounts.id', 'posts.author_id')
      .selectAll('posts')
      .select([
        'accounts.name as author_name',
        'accounts.email as author_email',
        'accounts.role as author_role',
        'accounts.profile_photo as author_photo',
      ]);
  }

  async insert(post: PostTable, images: Array<Omit<PostImageTable, 'post_id'>>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('posts').values(post).execute();
      if (images.length) await trx.insertInto('post_images').values(images.map((i) => ({ ...i, post_id: post.id }))).execute();
    });
  }

  findById(id: string): Promise<PostRow | undefined> {
    return this.selectPosts().where('posts.id', '=', id).executeTakeFirst() as Promise<PostRow | undefined>;
  }

  /** Newest first by id (ids sort by time); keyset cursor = the last id seen. */
  list(filter: FeedFilter): Promise<PostRow[]> {
    let q = this.selectPosts().orderBy('posts.id', 'desc');
    if (filter.excludeAuthor) q = q.where('posts.author_id', '!=', filter.excludeAuthor);
    if (filter.authorId) q = q.where('posts.author_id', '=', filter.authorId);
    if (filter.cursor) q = q.where('posts.id', '<', filter.cursor);
    if (filter.limit) q = q.limit(filter.limit);
    return q.execute() as Promise<PostRow[]>;
  }

  /** Posts the account voted on with this type, most recent vote first. */
  listVoted(accountId: string, type: VoteType): Promise<PostRow[]> {
    return this.selectPosts()
      .innerJoin('votes', 'votes.post_id', 'posts.id')
      .where('votes.account_id', '=', accountId)
      .where('votes.type', '=', type)
      .orderBy('votes.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .execute() as Promise<PostRow[]>;
  }

  images(postIds: string[]): Promise<ImageRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('post_images').selectAll().where('post_id', 'in', ids).orderBy('post_id').orderBy('kind').orderBy('position').execute(),
    );
  }

  votes(postIds: string[]): Promise<VoteRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('votes').select(['post_id', 'account_id', 'type']).where('post_id', 'in', ids).orderBy('created_at').execute(),
    );
  }

  /** Top-level comments, oldest first; with `perPost`, only the first N of each post (one query). */
  comments(postIds: string[], perPost?: number): Promise<CommentRow[]> {
    return inChunks(postIds, (ids) => {
      if (perPost === undefined) {
        return this.db
          .selectFrom('comments')
          .selectAll()
          .where('post_id', 'in', ids)
          .where('parent_id', 'is', null)
          .orderBy('id')
          .execute();
      }
      return this.db
        .selectFrom((eb) =>
          eb
            .selectFrom('comments')
            .selectAll()
            .select(sql<number>`row_number() over (partition by post_id order by id)`.as('rn'))
            .where('post_id', 'in', ids)
            .where('parent_id', 'is', null)
            .as('c'),
        )
        .select(['id', 'post_id', 'parent_id', 'author_id', 'author_name', 'author_role', 'content', 'created_at'])
        .where('rn', '<=', perPost)
        .orderBy('id')
        .execute();
    });
  }

  replies(commentIds: string[]): Promise<CommentRow[]> {
    return inChunks(commentIds, (ids) =>
      this.db.selectFrom('comments').selectAll().where('parent_id', 'in', ids).orderBy('id').execute(),
    );
  }

  /**
   * Applies one vote decision atomically. On PostgreSQL the post row is locked so parallel votes
   * on a post queue up; SQLite runs one write transaction at a time anyway. Counts are recounted
   * from the votes table, so they can never drift from the rows.
   */
  async applyVote(
    postId: string,
    accountId: string,
    decide: (current: VoteType | null) => VoteType | null,
    now: string,
  ): Promise<{ found: boolean; vote: VoteType | null; upvotes: number; downvotes: number }> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('posts').select('id').where('id', '=', postId);
      if (this.engine === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) return { found: false, vote: null, upvotes: 0, downvotes: 0 };
      const existing = await trx
        .selectFrom('votes')
        .select('type')
        .where('post_id', '=', postId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const next = decide(existing?.type ?? null);
      if (next === null) {
        await trx.deleteFrom('votes').where('post_id', '=', postId).where('account_id', '=', accountId).execute();
      } else if (existing) {
        await trx.updateTable('votes').set({ type: next, created_at: now }).where('post_id', '=', postId).where('account_id', '=', accountId).execute();
      } else {
        await trx.insertInto('votes').values({ post_id: postId, account_id: accountId, type: next, created_at: now }).execute();
      }
      const counts = await trx
        .selectFrom('votes')
        .select((eb) => [
          eb.fn.count<number>(eb.case().when('type', '=', 'upvote').then(1).end()).as('up'),
          eb.fn.count<number>(eb.case().when('type', '=', 'downvote').then(1).end()).as('down'),
        ])
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();
      const upvotes = Number(counts.up);
      const downvotes = Number(counts.down);
      await trx.updateTable('posts').set({ upvote_count: upvotes, downvote_count: downvotes }).where('id', '=', postId).execute();
      return { found: true, vote: next, upvotes, downvotes };
    });
  }

  async insertComment(row: CommentRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('comments').values(row).execute();
      if (row.parent_id === null) {
        await trx.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', row.post_id).execute();
      }
    });
  }

  findComment(postId: string, id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('post_id', '=', postId).where('id', '=', id).executeTakeFirst();
  }

  /** The n-th (0-based) top-level comment of a post, or the n-th reply of a comment, oldest first. */
  nthComment(postId: string, parentId: string | null, n: number): Promise<CommentRow | undefined> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('post_id', '=', postId)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .orderBy('id')
      .limit(1)
      .offset(n)
      .executeTakeFirst();
  }

  /** Deletes a comment with its replies (or one reply) and keeps the post's comment count right. */
  async deleteComment(row: CommentRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('comments').where('parent_id', '=', row.id).execute();
      await trx.deleteFrom('comments').where('id', '=', row.id).execute();
      if (row.parent_id === null) {
        await trx.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '-', 1) })).where('id', '=', row.post_id).execute();
      }
    });
  }

  /** Unresolved posts inside a lat/lng box (the caller filters by exact distance). */
  inBox(box: { minLat: number; maxLat: number; minLng: number; maxLng: number }, limit: number): Promise<PostRow[]> {
    return this.selectPosts()
      .where('posts.lat', '>=', box.minLat)
      .where('posts.lat', '<=', box.maxLat)
      .where('posts.lng', '>=', box.minLng)
      .where('posts.lng', '<=', box.maxLng)
      .where('posts.current_state', '!=', 'Resolved')
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute() as Promise<PostRow[]>;
  }
}
