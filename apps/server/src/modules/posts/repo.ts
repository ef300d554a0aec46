import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { LIMITS, type Category, type CurrentState, type PostSort, type Priority, type ProgressState, type Role, type VoteType } from '@civicpulse/shared';
import type { Engine } from '../../db/index.js';
import { contains } from '../../db/search.js';
import type { EventList } from '../../events/index.js';
import { accountsReferredTo, holdAccounts, storeEvents } from '../../events/store.js';
import { transact } from '../../db/transaction.js';
import type { CommentTable, DB, PostImageTable, PostRatingTable, PostTable, ProgressHistoryTable } from '../../db/types.js';

export type PostRow = Selectable<PostTable> & {
  author_name: string;
  author_email: string;
  author_role: Role;
  author_photo: string | null;
};
export type ImageRow = Selectable<PostImageTable>;
export type CommentRow = Selectable<CommentTable>;
/** A comment as read for presenting: with whether its author is a department still pending verification,
 * read from accounts at read time so the mark goes away the moment an admin verifies. */
export type ListedCommentRow = CommentRow & { author_pending: boolean };
export type VoteRow = { post_id: string; account_id: string; type: VoteType };
export type HistoryRow = Selectable<ProgressHistoryTable>;

/** The Idempotency-Key of an insert is already another committed report's (PostsRepo.insert rolls back). */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

/** SQLite and PostgreSQL both cap bound parameters; big id lists are read in slices. */
const CHUNK = 900;
async function inChunks<T>(ids: string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length === 0) return [];
  if (ids.length <= CHUNK) return read(ids);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/**
 * 1 when the comment's author is a department whose verification is pending (a left join: a deleted
 * author reads as not pending). Both engines answer the CASE as an integer, turned into a boolean below.
 */
const pendingAuthor = sql<number>`case when accounts.role = 'government' and accounts.is_verified = 0 then 1 else 0 end`.as(
  'author_pending',
);
function withPending<T extends { author_pending: number | string }>(row: T): Omit<T, 'author_pending'> & { author_pending: boolean } {
  return { ...row, author_pending: Number(row.author_pending) === 1 };
}

/**
 * The id of the `n`-th reply (1-based, oldest first) of the comment aliased `parent` in the outer query,
 * or '~' (above every id) when it has fewer: the end of a bounded comments_parent range, so reading or
 * counting a comment's first `n` replies costs what `n` rows do, however many it has.
 */
function nthReplyOfParent(n: number) {
  return sql<string>`coalesce((select cut.id from comments as cut where cut.parent_id = parent.id order by cut.id limit 1 offset ${n - 1}), '~')`;
}

export interface PostFilter {
  excludeAuthor?: string;
  authorId?: string;
  /** null: only unassigned posts. */
  assignedTo?: string | null;
  finished?: boolean;
  priority?: Priority | undefined;
  minUpvotes?: number | undefined;
  minDownvotes?: number | undefined;
  /** The admin's filters: one progress state (posts_progress), and text within the caption. */
  progressState?: ProgressState | undefined;
  captionContains?: string | undefined;
  /** One category (issue 16): category_tally counts it; the posts_category_* and posts_queue_category_* indexes (one per order) find it. */
  category?: Category | undefined;
  /**
   * Only the reports routed to this department (post_routes, issue 16): its View Issues default. The
   * list then walks the routing table's primary key (department, post) instead of the posts.
   */
  routedTo?: string | undefined;
}

const AUTHOR_COLUMNS = [
  'accounts.name as author_name',
  'accounts.email as author_email',
  'accounts.role as author_role',
  'accounts.profile_photo as author_photo',
] as const;

/** Position in a voted list: [vote time, post id]. */
export type VotedKey = [votedAt: string, postId: string];
export type VotedRow = PostRow & { voted_at: string };

const isIsoTime = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v);

/** A voted list cursor's parts as a position, or null when they are not [ISO time, row id]. */
export function toVotedKey(parts: ReadonlyArray<string | number>): VotedKey | null {
  return parts.length === 2 && isIsoTime(parts[0]) && isRowId(parts[1]) ? [parts[0], parts[1]] : null;
}

/** A comment or reply page's cursor parts as the id of the last one seen, or null when they are not [row id]. */
export function toThreadKey(parts: ReadonlyArray<string | number>): string | null {
  return parts.length === 1 && isRowId(parts[0]) ? parts[0] : null;
}

/** Keyset position: [id] for newest/oldest, [count, id] for the count sorts. */
export type SortKey = [id: string] | [count: number, id: string];

export interface ListOptions {
  sort?: PostSort;
  after?: SortKey | null;
  limit?: number | undefined;
  /**
   * How the planner must find the rows. 'order' (default): walk the index of the list's order and
   * skip posts that fail the filter; cheap while matches are common. 'filter': read the posts inside
   * the minimum-votes range and sort them; cheap while they are few. The service picks from the
   * kept counts, so neither engine ever walks a million rows for twenty.
   * A routed list (View Issues) does the same on post_routes' own keys and indexes (migration 013).
   */
  seek?: 'order' | 'filter';
}

type CountColumn = 'posts.upvote_count' | 'posts.downvote_count';

const SORT_COLUMNS: Record<PostSort, { column: CountColumn | null; dir: 'asc' | 'desc' }> = {
  newest: { column: null, dir: 'desc' },
  oldest: { column: null, dir: 'asc' },
  mostUpvotes: { column: 'posts.upvote_count', dir: 'desc' },
  leastUpvotes: { column: 'posts.upvote_count', dir: 'asc' },
  mostDownvotes: { column: 'posts.downvote_count', dir: 'desc' },
  leastDownvotes: { column: 'posts.downvote_count', dir: 'asc' },
};

/** The keyset position of a row under a sort (what the next page starts after). */
export function sortKey(row: Pick<PostRow, 'id' | 'upvote_count' | 'downvote_count'>, sort: PostSort): SortKey {
  const col = SORT_COLUMNS[sort].column;
  if (col === 'posts.upvote_count') return [row.upvote_count, row.id];
  if (col === 'posts.downvote_count') return [row.downvote_count, row.id];
  return [row.id];
}

const isRowId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{24}$/.test(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= LIMITS.countMax;

/**
 * The decoded parts of a cursor as a position under `sort`, or null when they are not exactly what
 * sortKey makes for that sort (a row id, and for count sorts a count a column can hold). Checked
 * here so no value the database would refuse (a fraction, 2^31, NUL) ever reaches a query.
 */
export function toSortKey(parts: ReadonlyArray<string | number>, sort: PostSort): SortKey | null {
  if (SORT_COLUMNS[sort].column === null) return parts.length === 1 && isRowId(parts[0]) ? [parts[0]] : null;
  return parts.length === 2 && isCount(parts[0]) && isRowId(parts[1]) ? [parts[0], parts[1]] : null;
}

export interface ProgressChange {
  postId: string;
  /** Compare-and-set: the change applies only if the post is still in this state and assignment. */
  expect: { progressState: ProgressState; assignedGovernment: string | null };
  set: {
    progressState: ProgressState;
    currentState: CurrentState;
    assignedGovernment: string | null;
    finalCaption?: string | null;
    /** Set on take-over, cleared on release; set once on Finished (shared durationBucket). */
    takeBucket?: number | null;
    finishBucket?: number;
    /** When the service-level sweeper must look next (issue 16); undefined: unchanged. */
    slaNextAt?: string | null;
  };
  history: Omit<HistoryRow, 'post_id'>;
  /** Final-update images to attach (kind final) when entering Waiting for User Verification. */
  finalImages?: Array<Omit<PostImageTable, 'post_id'>>;
  /** On rejection: move the current final images onto the history entry. */
  archiveFinal?: boolean;
  /** On verification: count one resolved issue for this government. */
  creditGovernment?: string | null;
  /** On verification: the reporter's rating of the fix (one per report: post_ratings' key). */
  rating?: PostRatingTable | undefined;
  /** On release: the departments the report is routed to again (issue 16). */
  routes?: string[];
}

export class PostsRepo {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
  ) {}

  /**
   * Posts with their authors. Written as CROSS JOIN because SQLite then keeps posts as the outer loop
   * whatever its statistics say: with only the small accounts table analysed, it once chose "every
   * account, then its posts, then sort a million rows" for a most-upvoted page (3 s at 1M posts).
   * PostgreSQL plans a CROSS JOIN with a join condition like any inner join.
   */
  private selectPosts(db: Kysely<DB> | Transaction<DB> = this.db) {
    return db.selectFrom('posts').crossJoin('accounts').whereRef('accounts.id', '=', 'posts.author_id').selectAll('posts').select(AUTHOR_COLUMNS);
  }

  /**
   * The same rows, led by one department's routes: post_routes first (CROSS JOIN keeps SQLite's loop
   * order), so a page is a walk of the primary key (department_id, post_id). Typed as selectPosts:
   * every later term names posts or accounts columns, which this query has too.
   */
  private selectRouted(departmentId: string) {
    return this.db
      .selectFrom('post_routes')
      .crossJoin('posts')
      .crossJoin('accounts')
      .whereRef('posts.id', '=', 'post_routes.post_id')
      .whereRef('accounts.id', '=', 'posts.author_id')
      .where('post_routes.department_id', '=', departmentId)
      .selectAll('posts')
      .select(AUTHOR_COLUMNS) as unknown as ReturnType<PostsRepo['selectPosts']>;
  }

  /**
   * The report, its photos, its routes to the departments it matches and their notifications, in one
   * transaction; with `idempotency`, also the author's key for it (migration 015).
   *
   * The key row is written first: a concurrent duplicate's insert meets the primary key before it
   * touches posts, routes or counters. On PostgreSQL it waits there for the first transaction, then
   * (committed) updates nothing; on SQLite the transactions run one after the other. A row of the same
   * key older than `expiredBefore` is taken over. When the key is taken, IdempotencyKeyTaken rolls
   * everything back.
   */
  async insert(
    post: Insertable<PostTable>,
    images: Array<Omit<PostImageTable, 'post_id'>>,
    opts: { routes?: string[]; events?: EventList; idempotency?: { key: string; expiredBefore: string } } = {},
  ): Promise<void> {
    await transact(this.db, async (trx) => {
      const present = await holdAccounts(trx, this.engine, [post.author_id, ...(opts.routes ?? []), ...accountsReferredTo(opts.events)]);
      if (opts.idempotency) {
        const { key, expiredBefore } = opts.idempotency;
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ account_id: post.author_id, key, post_id: post.id, created_at: post.created_at })
          .onConflict((oc) =>
            oc
              .columns(['account_id', 'key'])
              .doUpdateSet({ post_id: post.id, created_at: post.created_at })
              .where('idempotency_keys.created_at', '<', expiredBefore),
          )
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) throw new IdempotencyKeyTaken();
      }
      await trx.insertInto('posts').values(post).execute();
      if (images.length) await trx.insertInto('post_images').values(images.map((i) => ({ ...i, post_id: post.id }))).execute();
      // A department deleted since the routes were matched is left out (its foreign key would fail the report).
      await this.addRoutes(trx, post.id, (opts.routes ?? []).filter((d) => present.has(d)));
      await storeEvents(trx, opts.events);
    });
  }

  /**
   * Routes carry the post's sort and filter keys (migration 013), read here in the writing transaction;
   * on PostgreSQL the post row is locked first, so a vote landing meanwhile waits and its trigger then
   * updates these routes too.
   */
  private async addRoutes(trx: Transaction<DB>, postId: string, departments: string[]): Promise<void> {
    if (departments.length === 0) return;
    let read = trx.selectFrom('posts').select(['priority', 'upvote_count', 'downvote_count', 'category']).where('id', '=', postId);
    if (this.engine === 'postgres') read = read.forUpdate();
    const keys = await read.executeTakeFirst();
    if (!keys) return;
    for (let i = 0; i < departments.length; i += CHUNK) {
      await trx
        .insertInto('post_routes')
        .values(departments.slice(i, i + CHUNK).map((d) => ({ department_id: d, post_id: postId, ...keys })))
        .onConflict((oc) => oc.columns(['department_id', 'post_id']).doNothing())
        .execute();
    }
  }

  /**
   * Routes an edited report afresh: to `departments` while it is open and unassigned, to none once
   * taken (checked in the transaction, so a take-over in between wins).
   */
  async reroute(postId: string, departments: string[]): Promise<void> {
    await transact(this.db, async (trx) => {
      await trx.deleteFrom('post_routes').where('post_id', '=', postId).execute();
      const open = await trx.selectFrom('posts').select('id').where('id', '=', postId).where('assigned_government', 'is', null).where('finished', '=', 0).executeTakeFirst();
      if (open) await this.addRoutes(trx, postId, departments);
    });
  }

  /** The post an account's key made, unless the key is older than `notBefore` (expired). */
  async idempotentPostId(accountId: string, key: string, notBefore: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select('post_id')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '>=', notBefore)
      .executeTakeFirst();
    return row?.post_id;
  }

  /**
   * Deletes up to `limit` keys older than `before`, oldest first, from the front of
   * idempotency_keys_created; answers how many. On PostgreSQL rows another purge holds are skipped,
   * so purges running side by side never wait on (or deadlock with) each other.
   */
  async purgeIdempotencyKeys(before: string, limit: number): Promise<number> {
    const lock = this.engine === 'postgres' ? sql` for update skip locked` : sql``;
    const result = await sql`
      delete from idempotency_keys where (account_id, key) in (
        select account_id, key from idempotency_keys where created_at < ${before} order by created_at limit ${limit}${lock})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Whether an author's account still exists (a write that met a foreign key asks who was deleted). */
  async accountExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  findById(id: string): Promise<PostRow | undefined> {
    return this.selectPosts().where('posts.id', '=', id).executeTakeFirst() as Promise<PostRow | undefined>;
  }

  /**
   * The filter as WHERE terms. A minimum-votes term on a column other than `rangeColumn` is written
   * `column + 0`, which no index can serve: the planner then walks the index of the list's order
   * instead of gathering and sorting every post above the minimum (see ListOptions.seek).
   *
   * A routed list filters on post_routes' copies of the keys (migration 013), so one of its
   * (department, key, post) or (department, key, votes, post) indexes is the range walked.
   */
  private filtered(filter: PostFilter, rangeColumn: CountColumn | 'any' | null = 'any') {
    const routedTo = filter.routedTo;
    const routed = routedTo !== undefined;
    const q0 = routed ? this.selectRouted(routedTo) : this.selectPosts();
    let q = q0;
    const key = <C extends 'priority' | 'category' | 'upvote_count' | 'downvote_count'>(c: C) => (routed ? `post_routes.${c}` : `posts.${c}`) as `posts.${C}`;
    const eqKey = (c: 'priority' | 'category', value: string) => q.where(key(c), '=', value as never);
    // Every order has a category index (migration 009), so the category is always an indexable equality.
    if (filter.category) q = eqKey('category', filter.category);
    const min = (column: CountColumn, value: number) => {
      const ref = key(column === 'posts.upvote_count' ? 'upvote_count' : 'downvote_count');
      return q.where(rangeColumn === 'any' || rangeColumn === column ? sql.ref(ref) : sql`(${sql.ref(ref)} + 0)`, '>=', value);
    };
    if (filter.excludeAuthor) q = q.where('posts.author_id', '!=', filter.excludeAuthor);
    if (filter.authorId) q = q.where('posts.author_id', '=', filter.authorId);
    if (filter.assignedTo === null) q = q.where('posts.assigned_government', 'is', null);
    else if (filter.assignedTo !== undefined) q = q.where('posts.assigned_government', '=', filter.assignedTo);
    if (filter.finished !== undefined) q = q.where('posts.finished', '=', filter.finished ? 1 : 0);
    if (filter.priority) q = eqKey('priority', filter.priority);
    if (filter.progressState) q = q.where('posts.progress_state', '=', filter.progressState);
    if (filter.captionContains) q = q.where(contains('posts.caption', filter.captionContains));
    if (filter.minUpvotes) q = min('posts.upvote_count', filter.minUpvotes);
    if (filter.minDownvotes) q = min('posts.downvote_count', filter.minDownvotes);
    return q;
  }

  /** A filtered, sorted list paged by keyset (never OFFSET), so page N costs what page 1 costs. */
  list(filter: PostFilter, opts: ListOptions = {}): Promise<PostRow[]> {
    return this.listQuery(filter, opts).execute() as Promise<PostRow[]>;
  }

  private listQuery(filter: PostFilter, opts: ListOptions) {
    const sort = SORT_COLUMNS[opts.sort ?? 'newest'];
    const cmp = sort.dir === 'desc' ? '<' : '>';
    const byFilter = opts.seek === 'filter';
    const routed = filter.routedTo !== undefined;
    // seek 'order': only the sort's own column may bound an index range; seek 'filter': every
    // minimum may, and the order is written so no index can provide it (the few matches are sorted).
    // A routed list's priority/category is an indexable equality in every order: each key has an index
    // per order, (department, key, post) and (department, key, votes, post) (migrations 013, 016).
    let q = this.filtered(filter, byFilter ? 'any' : sort.column);
    // A routed list is in the routing table's order and keys: post_routes' columns lead.
    const idColumn = (routed ? 'post_routes.post_id' : 'posts.id') as 'posts.id';
    const sortColumn = (routed && sort.column ? sort.column.replace('posts.', 'post_routes.') : sort.column) as CountColumn | null;
    const after = opts.after;
    if (after?.length === 1 && sortColumn === null) {
      q = q.where(idColumn, cmp, after[0]);
    } else if (after?.length === 2 && sortColumn !== null) {
      const [value, id] = after;
      const column = sortColumn;
      q = q.where((eb) => eb.or([eb(column, cmp, value), eb.and([eb(column, '=', value), eb(idColumn, cmp, id)])]));
    }
    if (sortColumn) q = q.orderBy(byFilter ? sql`${sql.ref(sortColumn)} + 0` : sortColumn, sort.dir);
    q = q.orderBy(byFilter ? sql`${sql.ref(idColumn)} || ''` : idColumn, sort.dir);
    if (opts.limit) q = q.limit(opts.limit);
    return q;
  }

  /**
   * One bounded slice of a list's walk for a text search: the next `limit` posts in the list's order
   * (whatever their caption), as keys, each marked when its caption contains the text. The service
   * walks slice by slice, yielding between them, so a word no caption holds never runs one query
   * over the whole table (issue 11).
   */
  async searchSlice(filter: PostFilter, text: string, opts: { sort: PostSort; after: SortKey | null; limit: number }) {
    const rows = await this.listQuery({ ...filter, captionContains: undefined }, { ...opts, seek: 'order' })
      .clearSelect()
      .select(['posts.id', 'posts.upvote_count', 'posts.downvote_count'])
      .select(sql<number>`case when ${contains('posts.caption', text)} then 1 else 0 end`.as('hit'))
      .execute();
    return rows.map((r) => ({ id: r.id, upvote_count: Number(r.upvote_count), downvote_count: Number(r.downvote_count), hit: Number(r.hit) === 1 }));
  }

  /** Which of these ids are posts (the primary key only; the live connection watches no others). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows = await inChunks(ids, (slice) => this.db.selectFrom('posts').select('id').where('id', 'in', slice).execute());
    return new Set(rows.map((r) => r.id));
  }

  /** Posts by id, in the order of `ids`. */
  async byIds(ids: string[]): Promise<PostRow[]> {
    if (ids.length === 0) return [];
    const rows = (await inChunks(ids, (slice) => this.selectPosts().where('posts.id', 'in', slice).execute())) as PostRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is PostRow => r !== undefined);
  }

  /**
   * How many posts pass the filter. Queue, state, priority and vote filters are summed from post_tally
   * (kept by triggers in the writing transaction, migration 004): a few rows, whatever the table's
   * size. An author's posts are counted on the author index.
   */
  async count(filter: PostFilter): Promise<number> {
    if (filter.routedTo !== undefined) {
      // A department's routes (all open and unassigned): by priority and category, a sum over its few
      // route_tally rows (migration 013); with a minimum of votes, one (department, votes) index range of
      // post_routes, bounded by that department's routes and never joined to posts.
      const { routedTo, assignedTo: _a, finished: _f, priority, category, minUpvotes, minDownvotes, ...rest } = filter;
      if (Object.values(rest).every((v) => !v)) {
        if (!minUpvotes && !minDownvotes) {
          let q = this.db
            .selectFrom('route_tally')
            .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
            .where('department_id', '=', routedTo);
          if (priority) q = q.where('priority', '=', priority);
          if (category) q = q.where('category', '=', category);
          const r = await q.executeTakeFirstOrThrow();
          return Number(r.n ?? 0);
        }
        let q = this.db
          .selectFrom('post_routes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('department_id', '=', routedTo);
        if (minUpvotes) q = q.where('upvote_count', '>=', minUpvotes);
        if (minDownvotes) q = q.where(minUpvotes ? sql`(downvote_count + 0)` : sql.ref('downvote_count'), '>=', minDownvotes);
        if (priority) q = q.where(sql`(priority || '')`, '=', priority);
        if (category) q = q.where(sql`(category || '')`, '=', category);
        const r = await q.executeTakeFirstOrThrow();
        return Number(r.n);
      }
    }
    if (filter.routedTo !== undefined || filter.authorId !== undefined || filter.excludeAuthor !== undefined || filter.progressState || filter.captionContains) {
      const r = await this.db
        .selectFrom(this.filtered(filter).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
    if (filter.category) return this.countByCategory(filter, filter.category);
    let q = this.db.selectFrom('post_tally').select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
    if (filter.assignedTo !== undefined) q = q.where('queue', '=', filter.assignedTo ?? '');
    if (filter.finished !== undefined) q = q.where('finished', '=', filter.finished ? 1 : 0);
    if (filter.priority) q = q.where('priority', '=', filter.priority);
    if (filter.minUpvotes) q = q.where('up', '>=', filter.minUpvotes);
    if (filter.minDownvotes) q = q.where('down', '>=', filter.minDownvotes);
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.n ?? 0);
  }

  /** A category-filtered count: a sum over one key range of category_tally (migration 009). */
  private async countByCategory(filter: PostFilter, category: Category): Promise<number> {
    let q = this.db
      .selectFrom('category_tally')
      .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
      .where('category', '=', category);
    if (filter.assignedTo !== undefined) q = q.where('queue', '=', filter.assignedTo ?? '');
    if (filter.finished !== undefined) q = q.where('finished', '=', filter.finished ? 1 : 0);
    if (filter.priority) q = q.where('priority', '=', filter.priority);
    if (filter.minUpvotes) q = q.where('up', '>=', filter.minUpvotes);
    if (filter.minDownvotes) q = q.where('down', '>=', filter.minDownvotes);
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.n ?? 0);
  }

  /** The same count the slow way, straight from the posts: what the tally must always agree with (tests). */
  async countByScan(filter: PostFilter): Promise<number> {
    const r = await this.db
      .selectFrom(this.filtered(filter).as('f'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async updateFields(
    id: string,
    patch: Partial<
      Pick<
        PostTable,
        'caption' | 'priority' | 'category' | 'city' | 'state' | 'landmark' | 'address' | 'pincode' | 'lat' | 'lng' | 'updated_at' | 'response_due_at' | 'resolution_due_at' | 'sla_next_at'
      > & { sla_stage: number }
    >,
  ): Promise<void> {
    await this.db.updateTable('posts').set(patch).where('id', '=', id).execute();
  }

  /**
   * Deletes a post with everything hanging off it (cascades); returns its files for removal, or null
   * when it was already gone: of simultaneous deletions exactly one gets the files and stores its
   * events (the audit entry). On PostgreSQL the post row is locked first, so the losers wait for the
   * winner and then find nothing, and no photo can be attached between the read of the files and the
   * delete.
   */
  async delete(id: string, events?: EventList): Promise<ImageRow[] | null> {
    return transact(this.db, async (trx) => {
      if (this.engine === 'postgres' && !(await trx.selectFrom('posts').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) return null;
      const images = await trx.selectFrom('post_images').selectAll().where('post_id', '=', id).execute();
      const deleted = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return null;
      await storeEvents(trx, events);
      return images;
    });
  }

  /** An account's latest workflow moves with the report's caption (progress_history_actor index). */
  movesBy(actorId: string, limit: number) {
    return this.db
      .selectFrom('progress_history')
      .innerJoin('posts', 'posts.id', 'progress_history.post_id')
      .select(['progress_history.id', 'progress_history.post_id', 'progress_history.action', 'progress_history.from_state', 'progress_history.to_state', 'progress_history.created_at', 'posts.caption'])
      .where('progress_history.actor_id', '=', actorId)
      .orderBy('progress_history.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Distinct reporters of a department's finished reports (its queue index, bounded by that department's work). */
  async reportersServed(governmentId: string): Promise<number> {
    const r = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.count<number | string>('author_id').distinct().as('n'))
      .where('assigned_government', '=', governmentId)
      .where('finished', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A citizen's activity counts: reports resolved, votes given, comments and replies written (each an index range). */
  async activityOf(accountId: string): Promise<{ resolved: number; votes: number; comments: number }> {
    const resolved = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('author_id', '=', accountId)
      .where('finished', '=', 1)
      .executeTakeFirstOrThrow();
    const votes = await this.db.selectFrom('votes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    const comments = await this.db.selectFrom('comments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('author_id', '=', accountId).executeTakeFirstOrThrow();
    return { resolved: Number(resolved.n), votes: Number(votes.n), comments: Number(comments.n) };
  }

  history(postIds: string[]): Promise<HistoryRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('progress_history').selectAll().where('post_id', 'in', ids).orderBy('id').execute(),
    );
  }

  /**
   * Applies one progress move as compare-and-set inside a transaction: if another request moved
   * or took the post first, nothing is written and the caller answers 409. This is what makes two
   * simultaneous take-overs end with exactly one winner, and a double verification count once.
   */
  async applyProgress(change: ProgressChange, events?: EventList): Promise<boolean> {
    return transact(this.db, async (trx) => {
      const present = await holdAccounts(trx, this.engine, [change.set.assignedGovernment, change.creditGovernment, ...(change.routes ?? []), ...accountsReferredTo(events)]);
      const now = change.history.created_at;
      let update = trx
        .updateTable('posts')
        .set({
          progress_state: change.set.progressState,
          finished: change.set.progressState === 'Finished' ? 1 : 0,
          current_state: change.set.currentState,
          assigned_government: change.set.assignedGovernment,
          ...(change.set.finalCaption !== undefined ? { final_caption: change.set.finalCaption } : {}),
          ...(change.set.progressState === 'Finished' ? { resolved_at: now } : {}),
          ...(change.set.takeBucket !== undefined ? { take_bucket: change.set.takeBucket } : {}),
          ...(change.set.finishBucket !== undefined ? { finish_bucket: change.set.finishBucket } : {}),
          ...(change.set.slaNextAt !== undefined ? { sla_next_at: change.set.slaNextAt } : {}),
        })
        .where('id', '=', change.postId)
        .where('progress_state', '=', change.expect.progressState);
      update =
        change.expect.assignedGovernment === null
          ? update.where('assigned_government', 'is', null)
          : update.where('assigned_government', '=', change.expect.assignedGovernment);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // Taken over: off every department's View Issues. Released: back on the matching ones'.
      if (change.expect.assignedGovernment === null && change.set.assignedGovernment !== null) {
        await trx.deleteFrom('post_routes').where('post_id', '=', change.postId).execute();
      } else if (change.set.assignedGovernment === null && change.set.progressState !== 'Finished' && change.routes) {
        await this.addRoutes(trx, change.postId, change.routes.filter((d) => present.has(d)));
      }
      await trx.insertInto('progress_history').values({ ...change.history, post_id: change.postId }).execute();
      if (change.archiveFinal) {
        await trx
          .updateTable('post_images')
          .set({ kind: 'rejected', history_id: change.history.id })
          .where('post_id', '=', change.postId)
          .where('kind', '=', 'final')
          .execute();
      }
      if (change.finalImages?.length) {
        await trx.insertInto('post_images').values(change.finalImages.map((i) => ({ ...i, post_id: change.postId }))).execute();
      }
      if (change.creditGovernment) {
        await trx
          .updateTable('accounts')
          .set((eb) => ({ resolved_issues_count: eb('resolved_issues_count', '+', 1) }))
          .where('id', '=', change.creditGovernment)
          .execute();
      }
      if (change.rating) await trx.insertInto('post_ratings').values(change.rating).execute();
      await storeEvents(trx, events);
      return true;
    });
  }

  /**
   * Posts the account voted on with this type, most recent vote first, paged by (vote time, post id)
   * on the votes_account_recent index.
   */
  listVoted(accountId: string, type: VoteType, opts: { after?: VotedKey | null; limit: number }): Promise<VotedRow[]> {
    // The votes index leads (one account's votes of one type, most recent first), then each post by key.
    let q = this.db
      .selectFrom('votes')
      .crossJoin('posts')
      .crossJoin('accounts')
      .whereRef('posts.id', '=', 'votes.post_id')
      .whereRef('accounts.id', '=', 'posts.author_id')
      .selectAll('posts')
      .select(AUTHOR_COLUMNS)
      .select('votes.created_at as voted_at')
      .where('votes.account_id', '=', accountId)
      .where('votes.type', '=', type);
    const after = opts.after;
    if (after) {
      q = q.where((eb) =>
        eb.or([eb('votes.created_at', '<', after[0]), eb.and([eb('votes.created_at', '=', after[0]), eb('votes.post_id', '<', after[1])])]),
      );
    }
    return q.orderBy('votes.created_at', 'desc').orderBy('votes.post_id', 'desc').limit(opts.limit).execute() as Promise<VotedRow[]>;
  }

  /**
   * The rows' photos. Report and final photos are capped per post by the upload rules (6 each);
   * archived (rejected) ones, which only the single post's timeline shows, only when asked for.
   */
  images(postIds: string[], opts: { archived?: boolean } = {}): Promise<ImageRow[]> {
    return inChunks(postIds, (ids) => {
      let q = this.db.selectFrom('post_images').selectAll().where('post_id', 'in', ids);
      if (!opts.archived) q = q.where('kind', 'in', ['report', 'final']);
      return q.orderBy('post_id').orderBy('kind').orderBy('position').orderBy('id').execute();
    });
  }

  /** This post's stored proof photos (current or rejected final updates) among the given keys. */
  proofImagesByKey(postId: string, keys: string[]): Promise<ImageRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('post_images')
      .selectAll()
      .where('post_id', '=', postId)
      .where('kind', 'in', ['final', 'rejected'])
      .where('key', 'in', keys)
      .execute();
  }

  /**
   * The most recent votes of each post, at least `perPost` of them when it has that many (a few more
   * only when several share the cut-off millisecond; the presenter trims). Each post's cut-off is read
   * from votes_post_recent by a correlated subquery, so each post costs one bounded index range,
   * however many votes it has.
   */
  votes(postIds: string[], perPost: number): Promise<VoteRow[]> {
    return inChunks(postIds, (ids) =>
      this.db
        .selectFrom('posts as p')
        .innerJoin('votes', (join) =>
          join.onRef('votes.post_id', '=', 'p.id').on((eb) =>
            eb(
              'votes.created_at',
              '>=',
              eb.fn.coalesce(
                eb
                  .selectFrom('votes as cut')
                  .select('cut.created_at')
                  .whereRef('cut.post_id', '=', 'p.id')
                  .orderBy('cut.created_at', 'desc')
                  .limit(1)
                  .offset(perPost - 1),
                sql.lit(''),
              ),
            ),
          ),
        )
        .select(['votes.post_id', 'votes.account_id', 'votes.type'])
        .where('p.id', 'in', ids)
        .orderBy('votes.post_id')
        .orderBy('votes.created_at', 'desc')
        .orderBy('votes.account_id', 'desc')
        .execute(),
    );
  }

  /** The viewer's own vote on each of the posts (primary key lookups). */
  myVotes(postIds: string[], accountId: string): Promise<VoteRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('votes').select(['post_id', 'account_id', 'type']).where('account_id', '=', accountId).where('post_id', 'in', ids).execute(),
    );
  }

  /**
   * The first `perPost` top-level comments of each post, oldest first. Each post's cut-off (its
   * perPost-th comment id) is a correlated subquery on comments_post, so a post with 100,000 comments
   * costs one bounded index range, like one with three.
   */
  async comments(postIds: string[], perPost: number): Promise<ListedCommentRow[]> {
    const rows = await inChunks(postIds, (ids) =>
      this.db
        .selectFrom('posts as p')
        .innerJoin('comments', (join) =>
          join
            .onRef('comments.post_id', '=', 'p.id')
            .on('comments.parent_id', 'is', null)
            .on((eb) =>
              eb(
                'comments.id',
                '<=',
                eb.fn.coalesce(
                  eb
                    .selectFrom('comments as cut')
                    .select('cut.id')
                    .whereRef('cut.post_id', '=', 'p.id')
                    .where('cut.parent_id', 'is', null)
                    .orderBy('cut.id')
                    .limit(1)
                    .offset(perPost - 1),
                  sql.lit('~'),
                ),
              ),
            ),
        )
        .leftJoin('accounts', 'accounts.id', 'comments.author_id')
        .selectAll('comments')
        .select(pendingAuthor)
        .where('p.id', 'in', ids)
        .orderBy('comments.id')
        .execute(),
    );
    return rows.map(withPending);
  }

  /** The first `perComment` replies of each comment, oldest first (one bounded range per comment, as above). */
  async replies(commentIds: string[], perComment: number): Promise<ListedCommentRow[]> {
    const rows = await inChunks(commentIds, (ids) =>
      this.db
        .selectFrom('comments as parent')
        .innerJoin('comments', (join) =>
          join.onRef('comments.parent_id', '=', 'parent.id').on('comments.id', '<=', nthReplyOfParent(perComment)),
        )
        .leftJoin('accounts', 'accounts.id', 'comments.author_id')
        .selectAll('comments')
        .select(pendingAuthor)
        .where('parent.id', 'in', ids)
        .orderBy('comments.id')
        .execute(),
    );
    return rows.map(withPending);
  }

  /**
   * How many replies each comment has, counted up to `cap`: one bounded range of comments_parent per
   * comment (the count stops at the cap-th reply's id), so a comment with a million replies costs what
   * one with `cap` does. Comments without replies are left out of the map.
   */
  async replyCounts(commentIds: string[], cap: number): Promise<Map<string, number>> {
    const rows = await inChunks(commentIds, (ids) =>
      this.db
        .selectFrom('comments as parent')
        .select((eb) => [
          'parent.id',
          eb
            .selectFrom('comments as r')
            .select((c) => c.fn.countAll<number | string>().as('n'))
            .whereRef('r.parent_id', '=', 'parent.id')
            .where('r.id', '<=', nthReplyOfParent(cap))
            .as('n'),
        ])
        .where('parent.id', 'in', ids)
        .execute(),
    );
    const counts = new Map<string, number>();
    for (const row of rows) if (Number(row.n) > 0) counts.set(row.id, Number(row.n));
    return counts;
  }

  /** A page of a post's top-level comments after `afterId`, oldest first: one comments_post range. */
  async commentPage(postId: string, afterId: string | null, limit: number): Promise<ListedCommentRow[]> {
    let query = this.db
      .selectFrom('comments')
      .leftJoin('accounts', 'accounts.id', 'comments.author_id')
      .selectAll('comments')
      .select(pendingAuthor)
      .where('comments.post_id', '=', postId)
      .where('comments.parent_id', 'is', null);
    if (afterId !== null) query = query.where('comments.id', '>', afterId);
    const rows = await query.orderBy('comments.id').limit(limit).execute();
    return rows.map(withPending);
  }

  /** A page of a comment's replies after `afterId`, oldest first: one comments_parent range. */
  async replyPage(commentId: string, afterId: string | null, limit: number): Promise<ListedCommentRow[]> {
    let query = this.db
      .selectFrom('comments')
      .leftJoin('accounts', 'accounts.id', 'comments.author_id')
      .selectAll('comments')
      .select(pendingAuthor)
      .where('comments.parent_id', '=', commentId);
    if (afterId !== null) query = query.where('comments.id', '>', afterId);
    const rows = await query.orderBy('comments.id').limit(limit).execute();
    return rows.map(withPending);
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
    return transact(this.db, async (trx) => {
      if (this.engine === 'postgres') await holdAccounts(trx, this.engine, [accountId]);
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

  async insertComment(row: CommentRow, events?: EventList): Promise<void> {
    await transact(this.db, async (trx) => {
      if (this.engine === 'postgres') await holdAccounts(trx, this.engine, [row.author_id, ...accountsReferredTo(events)]);
      await trx.insertInto('comments').values(row).execute();
      await storeEvents(trx, events);
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

  /**
   * Deletes a comment with its replies (comments.parent_id cascade), or one reply, as compare-and-set:
   * false when the row was already gone (deleted by a simultaneous request, or with its post or parent),
   * and then nothing is written, events included. The post's comment count goes down only with a
   * deleted top-level comment, and never below zero.
   *
   * On PostgreSQL the post row is locked first (FOR NO KEY UPDATE: new comments may still refer to it),
   * in the same order as a post's deletion takes it, so the two never deadlock.
   */
  async deleteComment(row: CommentRow, events?: EventList): Promise<boolean> {
    return transact(this.db, async (trx) => {
      if (this.engine === 'postgres') {
        const post = await trx.selectFrom('posts').select('id').where('id', '=', row.post_id).forNoKeyUpdate().executeTakeFirst();
        if (!post) return false;
      }
      const deleted = await trx.deleteFrom('comments').where('id', '=', row.id).where('post_id', '=', row.post_id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return false;
      if (row.parent_id === null) {
        await trx
          .updateTable('posts')
          .set({ comment_count: sql<number>`case when comment_count > 0 then comment_count - 1 else 0 end` })
          .where('id', '=', row.post_id)
          .execute();
      }
      await storeEvents(trx, events);
      return true;
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
