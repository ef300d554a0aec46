/**
 * The reads PostViews presents from: every post list (feed, My Issues, the queues, View Issues, the
 * admin's list) paged by keyset with its counts and text search, and the bulk reads a page needs
 * (posts by id, photos, captions, similar reports in a box, a profile's figures).
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { LIMITS, type Category, type PostSort, type Priority, type ProgressState } from '@civicpulse/shared';
import { inChunks, isRowId } from '../../db/chunks.js';
import type { ImageRow, PostRow } from '../../db/rows.js';
import { contains } from '../../db/search.js';
import type { DB } from '../../db/types.js';

export interface PostFilter {
  excludeAuthor?: string;
  authorId?: string;
  /** Only reports that show their reporter's name (a profile's recent reports for others; anonymous reports). */
  named?: true;
  /** null: only unassigned posts. */
  assignedTo?: string | null;
  /** Reports a department handed to the admin's triage queue (posts_triage). */
  needsTriage?: true;
  /** Department teams: the member a department's report is assigned to (null: none); with assignedTo (posts_team_*). */
  officer?: string | null;
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
  /** Only this post (a search that named a reference number, see PostViews.list). */
  postId?: string | undefined;
  /** The public list's place filters, each with an index per order (migration 022; the state's (state, id) is 012's). */
  state?: string | undefined;
  /** Any case: lower(city) is the indexed key. */
  city?: string | undefined;
  pincode?: string | undefined;
}

/** What the public map filters by (map_cells' key beyond the cell). */
export interface MapFilter {
  category?: Category | undefined;
  progressState?: ProgressState | undefined;
}

/** The filters a list walk checks row by row (see PostViews.search): text and the public list's keys. */
export type ResidualFilter = Pick<PostFilter, 'captionContains' | 'category' | 'progressState' | 'state' | 'city' | 'pincode'>;

/** `residual` as one condition on a posts row (true when it holds nothing). */
function matches(residual: ResidualFilter): RawBuilder<SqlBool> {
  const terms: Array<RawBuilder<unknown>> = [];
  if (residual.captionContains) terms.push(contains('posts.caption', residual.captionContains));
  if (residual.category) terms.push(sql`${sql.ref('posts.category')} = ${residual.category}`);
  if (residual.progressState) terms.push(sql`${sql.ref('posts.progress_state')} = ${residual.progressState}`);
  if (residual.state) terms.push(sql`${sql.ref('posts.state')} = ${residual.state}`);
  if (residual.city) terms.push(sql`lower(${sql.ref('posts.city')}) = lower(${residual.city})`);
  if (residual.pincode) terms.push(sql`${sql.ref('posts.pincode')} = ${residual.pincode}`);
  return terms.length ? sql<SqlBool>`(${sql.join(terms, sql` and `)})` : sql<SqlBool>`1 = 1`;
}

const AUTHOR_COLUMNS = [
  'accounts.name as author_name',
  'accounts.email as author_email',
  'accounts.role as author_role',
  'accounts.profile_photo as author_photo',
] as const;

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


/**
 * Posts with their authors. Written as CROSS JOIN because SQLite then keeps posts as the outer loop
 * whatever its statistics say: with only the small accounts table analysed, it once chose "every
 * account, then its posts, then sort a million rows" for a most-upvoted page (3 s at 1M posts).
 * PostgreSQL plans a CROSS JOIN with a join condition like any inner join.
 */
export function selectPosts(db: Kysely<DB> | Transaction<DB>) {
  return db.selectFrom('posts').crossJoin('accounts').whereRef('accounts.id', '=', 'posts.author_id').selectAll('posts').select(AUTHOR_COLUMNS);
}

export class PostListingRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private selectPosts() {
    return selectPosts(this.db);
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
      .select(AUTHOR_COLUMNS) as unknown as ReturnType<typeof selectPosts>;
  }

  /**
   * The filter as WHERE terms. A minimum-votes term on a column other than `rangeColumn` is written
   * `column + 0`, which no index can serve: the planner then walks the index of the list's order
   * instead of gathering and sorting every post above the minimum (see ListOptions.seek).
   *
   * A routed list filters on post_routes' copies of the keys (migration 013), so one of its
   * (department, key, post) or (department, key, votes, post) indexes is the range walked.
   */
  private filtered(filter: PostFilter, rangeColumn: CountColumn | 'any' | null = 'any', bare = false) {
    const routedTo = filter.routedTo;
    const routed = routedTo !== undefined;
    // bare: the posts alone, for a walk that reads keys only (no author to join row by row). Typed as
    // selectPosts: every term below names posts columns, which this query has too.
    const q0 = routed ? this.selectRouted(routedTo) : bare ? (this.db.selectFrom('posts').selectAll('posts') as unknown as ReturnType<typeof selectPosts>) : this.selectPosts();
    let q = q0;
    const key = <C extends 'priority' | 'category' | 'upvote_count' | 'downvote_count'>(c: C) => (routed ? `post_routes.${c}` : `posts.${c}`) as `posts.${C}`;
    const eqKey = (c: 'priority' | 'category', value: string) => q.where(key(c), '=', value as never);
    // Every order has a category index (migration 009), so the category is always an indexable equality.
    if (filter.category) q = eqKey('category', filter.category);
    const min = (column: CountColumn, value: number) => {
      const ref = key(column === 'posts.upvote_count' ? 'upvote_count' : 'downvote_count');
      return q.where(rangeColumn === 'any' || rangeColumn === column ? sql.ref(ref) : sql`(${sql.ref(ref)} + 0)`, '>=', value);
    };
    // Hidden reports (moderation) are in no list; their author and moderators open them by link.
    q = q.where('posts.hidden_at', 'is', null);
    if (filter.excludeAuthor) q = q.where('posts.author_id', '!=', filter.excludeAuthor);
    if (filter.authorId) q = q.where('posts.author_id', '=', filter.authorId);
    if (filter.named) q = q.where('posts.anonymous', '=', 0);
    if (filter.assignedTo === null) q = q.where('posts.assigned_government', 'is', null);
    else if (filter.assignedTo !== undefined) q = q.where('posts.assigned_government', '=', filter.assignedTo);
    if (filter.needsTriage) q = q.where('posts.needs_triage', '=', 1);
    if (filter.officer === null) q = q.where('posts.assigned_officer', 'is', null);
    else if (filter.officer !== undefined) q = q.where('posts.assigned_officer', '=', filter.officer);
    if (filter.finished !== undefined) q = q.where('posts.finished', '=', filter.finished ? 1 : 0);
    if (filter.priority) q = eqKey('priority', filter.priority);
    if (filter.progressState) q = q.where('posts.progress_state', '=', filter.progressState);
    if (filter.captionContains) q = q.where(contains('posts.caption', filter.captionContains));
    if (filter.state) q = q.where('posts.state', '=', filter.state);
    if (filter.city) q = q.where(sql`lower(${sql.ref('posts.city')})`, '=', sql`lower(${filter.city})`);
    if (filter.pincode) q = q.where('posts.pincode', '=', filter.pincode);
    // Through the routing table's key on a department's list (its loop is led by post_routes).
    if (filter.postId !== undefined) q = q.where((routed ? 'post_routes.post_id' : 'posts.id') as 'posts.id', '=', filter.postId);
    if (filter.minUpvotes) q = min('posts.upvote_count', filter.minUpvotes);
    if (filter.minDownvotes) q = min('posts.downvote_count', filter.minDownvotes);
    return q;
  }

  /** A filtered, sorted list paged by keyset (never OFFSET), so page N costs what page 1 costs. */
  list(filter: PostFilter, opts: ListOptions = {}): Promise<PostRow[]> {
    return this.listQuery(filter, opts).execute() as Promise<PostRow[]>;
  }

  private listQuery(filter: PostFilter, opts: ListOptions & { bare?: boolean }) {
    const sort = SORT_COLUMNS[opts.sort ?? 'newest'];
    const cmp = sort.dir === 'desc' ? '<' : '>';
    const byFilter = opts.seek === 'filter';
    const routed = filter.routedTo !== undefined;
    // seek 'order': only the sort's own column may bound an index range; seek 'filter': every
    // minimum may, and the order is written so no index can provide it (the few matches are sorted).
    // A routed list's priority/category is an indexable equality in every order: each key has an index
    // per order, (department, key, post) and (department, key, votes, post) (migrations 013, 016).
    let q = this.filtered(filter, byFilter ? 'any' : sort.column, opts.bare);
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
   * One bounded slice of a list's walk for a text search or a combination of filters: the next `limit`
   * posts in the order of `filter`'s index (whatever the rest), as keys, each marked when it passes
   * `residual` (its caption contains the text, its category, progress state and place are those asked). The service
   * walks slice by slice, yielding between them, so a word no caption holds never runs one query
   * over the whole table (issue 11).
   */
  async searchSlice(filter: PostFilter, residual: ResidualFilter, opts: { sort: PostSort; after: SortKey | null; limit: number }) {
    const rows = await this.listQuery({ ...filter, captionContains: undefined }, { ...opts, seek: 'order', bare: true })
      .clearSelect()
      .select(['posts.id', 'posts.upvote_count', 'posts.downvote_count'])
      .select(sql<number>`case when ${matches(residual)} then 1 else 0 end`.as('hit'))
      .execute();
    return rows.map((r) => ({ id: r.id, upvote_count: Number(r.upvote_count), downvote_count: Number(r.downvote_count), hit: Number(r.hit) === 1 }));
  }

  /** Accounts' names by id (a page's assigned members: one query). */
  /** Reference numbers by post id (duplicates: a duplicate names its original). */
  async references(ids: string[]): Promise<Map<string, string>> {
    const rows = await inChunks(ids, (slice) => this.db.selectFrom('posts').select(['id', 'reference']).where('id', 'in', slice).execute());
    return new Map(rows.map((r) => [r.id, r.reference]));
  }

  async accountNames(ids: string[]): Promise<Map<string, string>> {
    const rows = await inChunks(ids, (slice) => this.db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', slice).execute());
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The post a reference number names (posts_reference, unique). */
  async idByReference(reference: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('posts').select('id').where('reference', '=', reference).executeTakeFirst();
    return row?.id;
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
          return Number(r.n ?? 0) - (await this.hiddenRouted(routedTo, { priority, category }));
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
        return Number(r.n) - (await this.hiddenRouted(routedTo, { priority, category, minUpvotes, minDownvotes }));
      }
    }
    // A team queue is counted on its posts_team_new range (one department's open reports); the tallies do not key the member.
    if (filter.routedTo !== undefined || filter.authorId !== undefined || filter.excludeAuthor !== undefined || filter.progressState || filter.captionContains || filter.officer !== undefined) {
      const r = await this.db
        .selectFrom(this.filtered(filter).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
    return this.sumTally(filter);
  }

  /**
   * How many reports hidden by moderation are routed to the department (with the same keys): the routed
   * counts above come from route_tally and post_routes, which keep a hidden report's routes, so this is
   * taken off them. Read from the hidden side (the posts_hidden partial index, then each one's route by
   * primary key): it costs what the few hidden reports do, never the department's routes.
   */
  private async hiddenRouted(
    departmentId: string,
    f: { priority?: Priority | undefined; category?: Category | undefined; minUpvotes?: number | undefined; minDownvotes?: number | undefined },
  ): Promise<number> {
    // CROSS JOIN: SQLite keeps the hidden posts as the outer loop whatever its statistics say (see selectPosts).
    let q = this.db
      .selectFrom('posts')
      .crossJoin('post_routes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('posts.hidden_at', 'is not', null)
      .where('post_routes.department_id', '=', departmentId)
      .whereRef('post_routes.post_id', '=', 'posts.id');
    if (f.priority) q = q.where('post_routes.priority', '=', f.priority);
    if (f.category) q = q.where('post_routes.category', '=', f.category);
    if (f.minUpvotes) q = q.where('post_routes.upvote_count', '>=', f.minUpvotes);
    if (f.minDownvotes) q = q.where('post_routes.downvote_count', '>=', f.minDownvotes);
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * A queue's count summed from the kept tallies: post_tally, or with a category one key range of
   * category_tally (migration 009, the same columns plus the category).
   */
  private async sumTally(filter: PostFilter): Promise<number> {
    let q = (
      filter.category
        ? this.db.selectFrom('category_tally').where('category', '=', filter.category)
        : this.db.selectFrom('post_tally')
    ) as unknown as SelectQueryBuilder<DB, 'post_tally', object>;
    if (filter.assignedTo !== undefined) q = q.where('queue', '=', filter.assignedTo ?? '');
    if (filter.finished !== undefined) q = q.where('finished', '=', filter.finished ? 1 : 0);
    if (filter.priority) q = q.where('priority', '=', filter.priority);
    if (filter.minUpvotes) q = q.where('up', '>=', filter.minUpvotes);
    if (filter.minDownvotes) q = q.where('down', '>=', filter.minDownvotes);
    const r = await q.select((eb) => eb.fn.sum<number | string | null>('n').as('n')).executeTakeFirstOrThrow();
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

  /** How many of an account's reports are finished (posts_author). */
  async resolvedCount(accountId: string): Promise<number> {
    const r = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('author_id', '=', accountId)
      .where('finished', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Captions of posts by id (a profile's latest moves name their reports). */
  async captions(ids: string[]): Promise<Map<string, string>> {
    const rows = await inChunks([...new Set(ids)], (slice) => this.db.selectFrom('posts').select(['id', 'caption']).where('id', 'in', slice).execute());
    return new Map(rows.map((r) => [r.id, r.caption]));
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

  /**
   * The public map's groups: reports per cell of one grid level inside a cell range, of one category
   * and/or progress state, summed over map_cells' rows (kept by triggers, migration 022). The columns
   * are listed (cx IN ...), so each is one primary-key range (level, cx, cy between): the rows read are
   * the box's own, not every cell of those columns across the country. The level was chosen so the box
   * holds at most `limit` cells, so the list is short.
   */
  async mapCells(level: number, box: { x0: number; x1: number; y0: number; y1: number }, filter: MapFilter, limit: number) {
    const columns = Array.from({ length: Math.min(box.x1 - box.x0 + 1, limit) }, (_, i) => box.x0 + i);
    let q = this.db
      .selectFrom('map_cells')
      .select(['cx', 'cy', (eb) => eb.fn.sum<number | string>('n').as('n')])
      .where('level', '=', level)
      .where('cx', 'in', columns)
      .where('cy', '>=', box.y0)
      .where('cy', '<=', box.y1);
    if (filter.category) q = q.where('category', '=', filter.category);
    if (filter.progressState) q = q.where('progress_state', '=', filter.progressState);
    const rows = await q.groupBy(['cx', 'cy']).having((eb) => eb.fn.sum('n'), '>', 0).limit(limit).execute();
    return rows.map((r) => ({ cx: Number(r.cx), cy: Number(r.cy), n: Number(r.n) }));
  }

  /** The public map's street-level reports: those inside a small box (posts_lat_lng), at most `limit`. */
  mapPoints(box: { minLat: number; maxLat: number; minLng: number; maxLng: number }, filter: MapFilter, limit: number) {
    let q = this.db
      .selectFrom('posts')
      .select(['id', 'reference', 'caption', 'category', 'progress_state', 'finished', 'lat', 'lng'])
      .where('lat', '>=', box.minLat)
      .where('lat', '<=', box.maxLat)
      .where('lng', '>=', box.minLng)
      .where('lng', '<=', box.maxLng)
      .where('hidden_at', 'is', null);
    // Written so no index can serve them: the box is the small range, a category's index is not.
    if (filter.category) q = q.where(sql`(category || '')`, '=', filter.category);
    if (filter.progressState) q = q.where(sql`(progress_state || '')`, '=', filter.progressState);
    return q.limit(limit).execute();
  }

  /** Unresolved posts inside a lat/lng box (the caller filters by exact distance). */
  inBox(box: { minLat: number; maxLat: number; minLng: number; maxLng: number }, limit: number): Promise<PostRow[]> {
    return this.selectPosts()
      .where('posts.lat', '>=', box.minLat)
      .where('posts.lat', '<=', box.maxLat)
      .where('posts.lng', '>=', box.minLng)
      .where('posts.lng', '<=', box.maxLng)
      .where('posts.current_state', '!=', 'Resolved')
      .where('posts.hidden_at', 'is', null)
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute() as Promise<PostRow[]>;
  }
}
