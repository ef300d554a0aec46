/**
 * The read side of reports: lists (feed, My Issues, a department's queues, the admin's list), the
 * single post and similar reports, each presented as the contract's Post with its photos, votes,
 * comments and timeline loaded in bulk from the modules that own them.
 */
import { LIMITS, PUBLIC_LIST_LIMITS, PUBLIC_MAP_LIMITS, PUBLIC_MAP_SCALES, TEXTS, parseReference, publicMapLevel, publicMapShowsPoints, type Bbox, type Category, type PublicMap, type Post, type PostSort, type ProgressState, type PublicPost, type PublicPostCard, type VoteType } from '@civicpulse/shared';
import { nextTurn as yieldToEventLoop } from '../../lib/turns.js';
import type { AccountRow, PostRow } from '../../db/rows.js';
import type { Actor } from '../../policies/index.js';
import { ByteBudget, ENVELOPE_BYTES, fittingPrefix, jsonBytes } from '../../lib/answerSize.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { HttpError, badRequest, unauthorized } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, type Page } from '../../lib/paging.js';
import type { CommentsService } from '../comments/index.js';
import type { ProgressService } from '../progress/index.js';
import type { VotesService } from '../votes/index.js';
import { SHOWS_REJECTION, presentPosts, toMapPoint, toPublicPost } from './presenter.js';
import { sortKey, toSortKey, type MapFilter, type PostFilter, type PostListingRepo, type ResidualFilter, type SortKey } from './listing.js';
import type { PostsService } from './service.js';
import { boxAround, captionSimilarity, distanceMeters, similarityScore } from './similar.js';

export type { Page } from '../../lib/paging.js';

export interface PageRequest {
  sort?: PostSort;
  cursor?: string | undefined;
  /** Left out (the spec's clients): the first LIMITS.unpagedListMax of the list, with nextCursor when more exist. */
  limit?: number | undefined;
  /** compact: without the upvotes/downvotes id lists. */
  shape?: 'compact' | undefined;
  /** A walk's most posts read per request (see PostViews.search); LIMITS.searchScanMax when unset. */
  scanMax?: number | undefined;
  /** The department the viewer works for ('*': an admin): its reports show their assigned member. */
  staff?: string | undefined;
  /**
   * The same for the anonymity rule only, where a list does not show the team parts (the feed, similar
   * reports, the admin's list): whom the viewer may see anonymous reporters for. Defaults to `staff`.
   */
  reader?: string | undefined;
}

/**
 * The viewer as the anonymity rule (policies/anonymity.ts) sees them, from their id and staff scope
 * ('*': an admin; a department's id: its account or a member; none: a citizen). '' is a visitor.
 */
export function readerOf(viewerId: string, scope: string | undefined): Actor | null {
  if (!viewerId) return null;
  if (scope === '*') return { id: viewerId, role: 'admin' };
  if (scope !== undefined) return { id: viewerId, role: 'government', department_id: scope === viewerId ? null : scope };
  return { id: viewerId, role: 'user' };
}

/** Whom a viewer sees the department-internal parts of (assigned member, the member behind a move) for. */
export function staffOf(viewer: Pick<AccountRow, 'id' | 'role' | 'department_id'>): string | undefined {
  return viewer.role === 'admin' ? '*' : viewer.role === 'government' ? (viewer.department_id ?? viewer.id) : undefined;
}

/** The public list's filter keys: each has an index per order it offers, except progress for the vote order. */
const PUBLIC_KEYS = ['pincode', 'city', 'state', 'category', 'progressState', 'captionContains', 'postId'] as const;

/**
 * How a list with several filters is read without walking an unbounded range. A list whose filters are
 * all the public list's: the most selective one its order has an index for (pincode, city, state,
 * category, then progress for newest/oldest) leads, and the rest are checked row by row in bounded
 * slices (PostViews.search), so a combination with no match (a state, a category and a progress state
 * that never meet) costs a capped read per request instead of the whole state. Any other list keeps its
 * indexes and counts (seekFor) and walks only for its text. Null: no walk, one index range serves it.
 */
export function walkFor(filter: PostFilter, sort: PostSort): { lead: PostFilter; residual: ResidualFilter } | null {
  const present = (Object.keys(filter) as Array<keyof PostFilter>).filter((k) => filter[k] !== undefined && filter[k] !== '');
  if (!present.every((k) => (PUBLIC_KEYS as readonly string[]).includes(k))) {
    return filter.captionContains ? { lead: { ...filter, captionContains: undefined }, residual: { captionContains: filter.captionContains } } : null;
  }
  if (filter.postId !== undefined) return null;
  const indexed = (['pincode', 'city', 'state', 'category', ...(sort === 'newest' || sort === 'oldest' ? (['progressState'] as const) : [])] as const).filter((k) => filter[k]);
  const leadKey = indexed[0];
  const residual: ResidualFilter = {};
  for (const k of ['captionContains', 'category', 'progressState', 'state', 'city', 'pincode'] as const) if (filter[k] && k !== leadKey) Object.assign(residual, { [k]: filter[k] });
  if (Object.keys(residual).length === 0) return null;
  return { lead: leadKey ? { [leadKey]: filter[leadKey] } : {}, residual };
}

/** A list's counts for "Showing X of Y": how many posts its queue holds, and how many pass the filters. */
export interface ListCounts {
  total: number;
  matching: number;
}

/** The public list's filters (`GET /api/public/posts`). */
export interface PublicListFilter {
  category?: Category | undefined;
  progressState?: ProgressState | undefined;
  q?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
  pincode?: string | undefined;
}

export interface ViewOptions {
  /**
   * The single post: texts whole, its first LIMITS.commentsPerPage comments (one more is read, to know
   * whether there are more) and its timeline. Otherwise a card: shortened texts, the first
   * LIMITS.commentsPerCard comments, LIMITS.voteIdsPerCard voter ids.
   */
  single?: boolean;
  compact?: boolean;
  /** A list page's byte budget: presenting stops before the first post that would pass it. */
  budget?: ByteBudget;
  /** See PageRequest.staff. */
  staff?: string | undefined;
  /** See PageRequest.reader. */
  reader?: string | undefined;
}

const SIMILAR_RADIUS_M = 250;
/** Posts presented per slice of a long list (see view). */
const VIEW_CHUNK = 50;
const SIMILAR_MAX = 5;

/** What presenting needs of the workflow: the single post's timeline and ratings, a department's latest moves, turned-down proofs. */
export type ProgressReads = Pick<ProgressService, 'history' | 'movesBy' | 'ratings' | 'latestRejections'>;

export class PostViews {
  constructor(
    private readonly posts: PostListingRepo,
    private readonly lookup: PostsService,
    private readonly votes: VotesService,
    private readonly comments: CommentsService,
    private readonly progress: ProgressReads,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Loads everything the rows' cards show in a fixed number of queries per slice, whatever the page
   * size, each child list capped per post (issue 10): a post with 100,000 votes or comments costs what
   * one with ten does. With a budget, answers the posts that fit it (a prefix of the rows, issue 25).
   */
  async view(rows: PostRow[], viewerId: string, origin: string, opts: ViewOptions = {}): Promise<Post[]> {
    const out: Post[] = [];
    // A 500-post answer is about 25 ms of synchronous work on SQLite; in slices, each on a turn of the
    // event loop of its own (lib/turns.ts), the feed requests beside it wait for one slice at most. A page cut by its
    // byte budget reads at most one slice past what it answers.
    for (let i = 0; i < rows.length; i += VIEW_CHUNK) {
      if (i > 0) await yieldToEventLoop();
      for (const post of await this.present(rows.slice(i, i + VIEW_CHUNK), viewerId, origin, opts)) {
        if (opts.budget && !opts.budget.take(post)) return out;
        out.push(post);
      }
    }
    return out;
  }

  private async present(rows: PostRow[], viewerId: string, origin: string, opts: ViewOptions): Promise<Post[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // Reports whose proof was turned down and that have no newer one: their cards show it marked as rejected.
    const rejectedIds = rows.filter((r) => r.final_caption === null && SHOWS_REJECTION(r.progress_state)).map((r) => r.id);
    const [images, votes, mine, { comments, replies, replyCounts }, history, ratings, rejections] = await Promise.all([
      this.posts.images(ids, { archived: opts.single }),
      opts.compact ? Promise.resolve(undefined) : this.votes.recent(ids, opts.single ? LIMITS.voteIdsPerPost : LIMITS.voteIdsPerCard),
      this.votes.mine(ids, viewerId),
      opts.single && rows.length === 1 ? this.comments.forPost(rows[0]!.id) : this.comments.forCards(ids),
      opts.single ? this.progress.history(ids) : Promise.resolve(undefined),
      opts.single ? this.progress.ratings(rows.filter((r) => r.progress_state === 'Finished').map((r) => r.id)) : Promise.resolve(undefined),
      rejectedIds.length ? this.progress.latestRejections(rejectedIds) : Promise.resolve(undefined),
    ]);
    const posts = presentPosts(
      { rows, images, votes, mine, comments, replies, replyCounts, history, ratings, rejections },
      origin,
      { card: !opts.single, viewerId, reader: readerOf(viewerId, opts.reader ?? opts.staff) },
      this.clock.now(),
    );
    return this.duplicateParts(rows, await this.teamParts(rows, posts, opts.staff));
  }

  /** Duplicates: a duplicate names its original (one query for the page's originals). */
  private async duplicateParts(rows: PostRow[], posts: Post[]): Promise<Post[]> {
    const originals = [...new Set(rows.flatMap((r) => (r.duplicate_of ? [r.duplicate_of] : [])))];
    if (originals.length === 0) return posts;
    const references = await this.posts.references(originals);
    return posts.map((post, i) => {
      const of = rows[i]!.duplicate_of;
      return of && references.has(of) ? { ...post, duplicateOf: { _id: of, reference: references.get(of)! } } : post;
    });
  }

  /**
   * Department teams: the member a report is assigned to, and the member behind each of its department's
   * moves, only for that department and admins (one query for the page's members); others see the department.
   */
  private async teamParts(rows: PostRow[], posts: Post[], staff: string | undefined): Promise<Post[]> {
    const mine = (row: PostRow) => staff !== undefined && row.assigned_government !== null && (staff === '*' || staff === row.assigned_government);
    const officerIds = [...new Set(rows.filter((r) => mine(r) && r.assigned_officer).map((r) => r.assigned_officer!))];
    const names = officerIds.length ? await this.posts.accountNames(officerIds) : new Map<string, string>();
    return posts.map((post, i) => {
      const row = rows[i]!;
      const history = post.history?.map((h) => (h.by && !(staff === '*' || staff === h.actor._id) ? { ...h, by: undefined } : h));
      const withHistory = history ? { ...post, history } : post;
      if (!mine(row)) return withHistory;
      const officer = row.assigned_officer;
      return { ...withHistory, assignedOfficer: officer ? { _id: officer, name: names.get(officer) ?? '' } : null };
    });
  }

  /**
   * One page of a filtered list. Without a limit (the spec's clients) the first LIMITS.unpagedListMax
   * posts of the order: never an answer over a few MB, with nextCursor when more exist.
   */
  async list(filter: PostFilter, req: PageRequest, viewerId: string, origin: string): Promise<Page<Post>> {
    const sort = req.sort ?? 'newest';
    const parts = decodeCursor(req.cursor);
    const after = parts && toSortKey(parts, sort);
    // A cursor of another sort, or one the database could not compare (a fraction, 2^31), is refused.
    if (parts && !after) throw badRequest(TEXTS.http.invalidCursor);
    const limit = req.limit ?? LIMITS.unpagedListMax;
    // A search for a reference number (`CP-MH-2026-000123`, any case, leading zeros optional) finds that
    // report through its unique index, within the list's other filters, instead of scanning captions.
    const reference = filter.captionContains ? parseReference(filter.captionContains) : null;
    if (reference) {
      const postId = await this.posts.idByReference(reference);
      if (postId === undefined) return { items: [], nextCursor: null };
      filter = { ...filter, captionContains: undefined, postId };
    }
    const walk = walkFor(filter, sort);
    if (walk) return this.search(walk.lead, walk.residual, sort, after, limit, req, viewerId, origin);
    const seek = await this.seekFor(filter, limit, sort);
    if (seek === 'empty') return { items: [], nextCursor: null };
    const rows = await this.posts.list(filter, { sort, after, limit: limit + 1, seek });
    const hasMore = rows.length > limit;
    const pageRows = hasMore ? rows.slice(0, limit) : rows;
    const items = await this.view(pageRows, viewerId, origin, { compact: req.shape === 'compact', budget: new ByteBudget(), staff: req.staff, reader: req.reader });
    // Cut by rows or by bytes: the next page starts after the last post answered.
    const last = pageRows[items.length - 1];
    return { items, nextCursor: (hasMore || items.length < pageRows.length) && last ? encodeCursor(sortKey(last, sort)) : null };
  }

  /**
   * A citizen's public activity for their profile: counts from index ranges, the 5 latest reports.
   * Anonymous reports are among the recent ones only for the reporter and admins (`withAnonymous`).
   */
  async citizenActivity(accountId: string, withAnonymous = false) {
    const [resolved, votes, comments] = await Promise.all([this.posts.resolvedCount(accountId), this.votes.countBy(accountId), this.comments.countBy(accountId)]);
    const counts = { resolved, votes, comments };
    const recent = await this.posts.list({ authorId: accountId, ...(withAnonymous ? {} : { named: true as const }) }, { sort: 'newest', limit: 5 });
    return { ...counts, recent: recent.map((r) => ({ _id: r.id, caption: r.caption, progressState: r.progress_state, createdAt: r.created_at })) };
  }

  /** A department's open workload (kept tally), distinct reporters it served, and its last 10 moves. */
  async departmentActivity(governmentId: string) {
    const active = await this.posts.count({ assignedTo: governmentId, finished: false });
    const served = await this.posts.reportersServed(governmentId);
    const moves = await this.progress.movesBy(governmentId, 10);
    const captions = await this.posts.captions(moves.map((m) => m.post_id));
    return {
      active,
      served,
      moves: moves.map((m) => ({ _id: m.id, postId: m.post_id, caption: captions.get(m.post_id) ?? '', action: m.action, from: m.from_state, to: m.to_state, createdAt: m.created_at })),
    };
  }

  /**
   * A text search (or a combination of the public list's filters, see walkFor) walks the order of the
   * lead filter's index in slices of LIMITS.searchSlice posts, checking the rest row by row, yielding to
   * the event loop between slices, and reads at most LIMITS.searchScanMax posts per request (the
   * request's scanMax when it sets one): a common match fills the page in the first slice; a rare one
   * answers the matches found so far with a cursor at the last post read (the next request goes on from
   * there), so no request scans the whole table.
   */
  private async search(
    filter: PostFilter,
    residual: ResidualFilter,
    sort: PostSort,
    after: SortKey | null,
    limit: number,
    req: PageRequest,
    viewerId: string,
    origin: string,
  ): Promise<Page<Post>> {
    const hits: Array<{ id: string; upvote_count: number; downvote_count: number }> = [];
    let position = after;
    let scanned = 0;
    let end = false;
    while (hits.length <= limit) {
      const slice = await this.posts.searchSlice(filter, residual, { sort, after: position, limit: LIMITS.searchSlice });
      scanned += slice.length;
      for (const row of slice) if (row.hit) hits.push(row);
      const last = slice[slice.length - 1];
      if (slice.length < LIMITS.searchSlice || !last) {
        end = true;
        break;
      }
      position = sortKey(last, sort);
      if (scanned >= (req.scanMax ?? LIMITS.searchScanMax)) break;
      await yieldToEventLoop();
    }
    const shown = hits.slice(0, limit);
    const rows = await this.posts.byIds(shown.map((h) => h.id));
    const items = await this.view(rows, viewerId, origin, { compact: req.shape === 'compact', budget: new ByteBudget(), staff: req.staff, reader: req.reader });
    // Cut by its byte budget, the page goes on after the last post answered.
    const lastAnswered = items.length < rows.length ? shown.find((h) => h.id === items[items.length - 1]?._id) : undefined;
    const lastShown = shown[shown.length - 1];
    const nextCursor = lastAnswered
      ? encodeCursor(sortKey(lastAnswered, sort))
      : hits.length > limit && lastShown
        ? encodeCursor(sortKey(lastShown, sort))
        : !end && position
          ? encodeCursor(position)
          : null;
    return { items, nextCursor };
  }

  /**
   * With a minimum-votes filter, the kept counts say how rare the matches are. Walking the order's
   * index reads about limit x total / matching rows; reading the matches and sorting them reads
   * `matching`: take the smaller (issue 10: no list scans the table, whatever the filter). With a
   * category, the walk is over that category's own index in the order (migration 009), so its total is
   * the queue's posts of that category.
   */
  private async seekFor(filter: PostFilter, limit: number, sort: PostSort): Promise<'order' | 'filter' | 'empty'> {
    if (filter.routedTo !== undefined) {
      // Every order and filter of a department's routes has its own (department, key, post) index
      // (migration 013). Walking the order's index skips non-matching routes: about limit x total /
      // matching entries; reading the matches from the filter's index and sorting them reads `matching`.
      const { priority: _p, category: _c, minUpvotes: _up, minDownvotes: _down, ...queue } = filter;
      if (!filter.priority && !filter.category && !filter.minUpvotes && !filter.minDownvotes) return 'order';
      if (filter.excludeAuthor !== undefined || filter.authorId !== undefined || filter.progressState || filter.captionContains) return 'order';
      const { total, matching } = await this.counts(queue, filter);
      if (matching === 0) return 'empty';
      // Newest/oldest with an indexable priority or category: (department, key, post) is already in order.
      if ((sort === 'newest' || sort === 'oldest') && !filter.minUpvotes && !filter.minDownvotes) return 'order';
      return matching * matching < (limit + 1) * total ? 'filter' : 'order';
    }
    if (!filter.minUpvotes && !filter.minDownvotes) return 'order';
    if (filter.authorId !== undefined || filter.excludeAuthor !== undefined) return 'order';
    if (filter.progressState || filter.captionContains) return 'order';
    // The walk reads the queue's rows in order (priority is checked row by row too), so the queue alone is the total.
    const { minUpvotes: _up, minDownvotes: _down, priority: _priority, ...queue } = filter;
    const { total, matching } = await this.counts(queue, filter);
    if (matching === 0) return 'empty';
    return matching * matching < (limit + 1) * total ? 'filter' : 'order';
  }

  /** "Showing X of Y" for a list: both from kept counters (PostListingRepo.count), never a scan. */
  async counts(queue: PostFilter, filter: PostFilter): Promise<ListCounts> {
    // No filter beyond the queue: one count serves both.
    const keys = new Set([...Object.keys(queue), ...Object.keys(filter)] as Array<keyof PostFilter>);
    if ([...keys].every((k) => filter[k] === queue[k] || (!filter[k] && !queue[k]))) {
      const total = await this.posts.count(queue);
      return { total, matching: total };
    }
    const [total, matching] = await Promise.all([this.posts.count(queue), this.posts.count(filter)]);
    return { total, matching };
  }

  /**
   * The community feed. The spec's clients get every post, their own included (they filter the feed
   * themselves and build My Issues from the same answer); our own client asks `exclude=mine`.
   * `q` and `sort` are the public list's: words (or a reference number) go through list's walk along the
   * order's index (category's when one is asked), each request reading at most LIMITS.searchScanMax posts
   * as the other signed-in lists' searches do (the public list, for anyone, reads fewer).
   */
  feed(viewer: AccountRow, origin: string, req: PageRequest & { excludeMine?: boolean; category?: Category | undefined; q?: string | undefined }): Promise<Page<Post>> {
    const { q, ...page } = req;
    return this.list(
      { ...(req.excludeMine ? { excludeAuthor: viewer.id } : {}), category: req.category, captionContains: q || undefined },
      { ...page, reader: staffOf(viewer) },
      viewer.id,
      origin,
    );
  }

  /** The post page for anyone (public reports): the report and its workflow, without its people (toPublicPost). */
  /**
   * The public list (/reports): the reports of a category and progress state, or whose caption holds
   * `q` (a reference number finds its one report), by the feed's indexes and cursors, each as a visitor
   * may see it (toPublicPost: no person; an open report's place rounded) without its timeline.
   */
  async publicList(filter: PublicListFilter, req: PageRequest, origin: string): Promise<Page<PublicPostCard>> {
    const page = await this.list(
      {
        category: filter.category,
        progressState: filter.progressState,
        captionContains: filter.q || undefined,
        state: filter.state,
        city: filter.city || undefined,
        pincode: filter.pincode,
      },
      { ...req, limit: req.limit ?? PUBLIC_LIST_LIMITS.pageDefault, shape: 'compact', scanMax: req.scanMax ?? PUBLIC_LIST_LIMITS.scanMax },
      '',
      origin,
    );
    return {
      items: page.items.map((p) => {
        const { history: _history, ...card } = toPublicPost(p);
        return card;
      }),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * The public map of a box (/reports): groups from map_cells at the finest grid level that keeps the
   * answer within PUBLIC_MAP_LIMITS.maxCells cells, or in a street-level box the reports themselves
   * (at most pointsMax, placed as public views place them). Both are bounded reads whatever the number
   * of reports: a cell range of the kept counts, or one posts_lat_lng range with a limit.
   */
  async publicMap(box: Bbox, filter: MapFilter): Promise<PublicMap> {
    if (publicMapShowsPoints(box)) {
      const rows = await this.posts.mapPoints(box, filter, PUBLIC_MAP_LIMITS.pointsMax + 1);
      const truncated = rows.length > PUBLIC_MAP_LIMITS.pointsMax;
      return { clusters: [], cellSize: null, points: rows.slice(0, PUBLIC_MAP_LIMITS.pointsMax).map(toMapPoint), truncated };
    }
    const level = publicMapLevel(box);
    const scale = PUBLIC_MAP_SCALES[level]!;
    const range = { x0: Math.floor(box.minLng * scale), x1: Math.floor(box.maxLng * scale), y0: Math.floor(box.minLat * scale), y1: Math.floor(box.maxLat * scale) };
    const cells = await this.posts.mapCells(level, range, filter, PUBLIC_MAP_LIMITS.maxCells + 1);
    const round = (v: number) => Math.round(v * 1e4) / 1e4;
    return {
      clusters: cells.slice(0, PUBLIC_MAP_LIMITS.maxCells).map((c) => ({ lat: round((c.cy + 0.5) / scale), lng: round((c.cx + 0.5) / scale), count: c.n })),
      cellSize: 1 / scale,
      points: [],
      truncated: cells.length > PUBLIC_MAP_LIMITS.maxCells,
    };
  }

  async publicPost(id: string, origin: string): Promise<PublicPost> {
    const row = await this.lookup.require(id);
    const [post] = await this.view([row], '', origin, { single: true, compact: true });
    return toPublicPost(withinBudget(post!));
  }

  /**
   * A report just filed, as its answer. If its author's account was deleted between the insert and this
   * read (the deletion took the report with it), the answer is what the author's next request gets, a
   * 401 for the ended session, not a 404 for a report they were about to be told was filed.
   */
  async created(id: string, viewer: AccountRow, origin: string): Promise<Post> {
    try {
      return await this.get(id, viewer, origin);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404 && !(await this.lookup.accountExists(viewer.id))) throw unauthorized(TEXTS.auth.tokenInvalid);
      throw err;
    }
  }

  async get(id: string, viewer: AccountRow, origin: string): Promise<Post> {
    const row = await this.lookup.requireFor(id, viewer);
    const [post] = await this.view([row], viewer.id, origin, { single: true, staff: staffOf(viewer) });
    return withinBudget(row.hidden_at ? { ...post!, hidden: true } : post!);
  }

  /** The posts the viewer voted on with this type, most recent vote first, paged like every list. */
  async voted(viewer: AccountRow, type: VoteType, origin: string, req: PageRequest): Promise<Page<Post>> {
    const limit = req.limit ?? LIMITS.unpagedListMax;
    const voted = await this.votes.votedPage(viewer.id, type, req.cursor, limit + 1);
    const hasMore = voted.length > limit;
    const keys = hasMore ? voted.slice(0, limit) : voted;
    // A post deleted between the two reads is left out; the cursor still goes on after its vote.
    const byId = new Map((await this.posts.byIds(keys.map((v) => v.post_id))).map((r) => [r.id, r]));
    const pageRows = keys.flatMap((v) => {
      const row = byId.get(v.post_id);
      return row && !row.hidden_at ? [{ ...row, voted_at: v.voted_at }] : [];
    });
    const items = await this.view(pageRows, viewer.id, origin, { compact: req.shape === 'compact', budget: new ByteBudget(), staff: req.staff, reader: req.reader });
    const last = pageRows[items.length - 1];
    return { items, nextCursor: (hasMore || items.length < pageRows.length) && last ? encodeCursor([last.voted_at, last.id]) : null };
  }

  async similar(viewer: AccountRow, origin: string, lat: number, lng: number, caption: string): Promise<Post[]> {
    const candidates = await this.posts.inBox(boxAround(lat, lng, SIMILAR_RADIUS_M), 200);
    const ranked = candidates
      .map((row) => {
        const distance = distanceMeters(lat, lng, row.lat, row.lng);
        return { row, distance, score: similarityScore(distance, SIMILAR_RADIUS_M, captionSimilarity(caption, row.caption)) };
      })
      .filter((c) => c.distance <= SIMILAR_RADIUS_M)
      .sort((a, b) => b.score - a.score || a.distance - b.distance)
      .slice(0, SIMILAR_MAX);
    const posts = await this.view(
      ranked.map((r) => r.row),
      viewer.id,
      origin,
      { reader: staffOf(viewer) },
    );
    return posts.map((p, i) => ({ ...p, distanceMeters: Math.round(ranked[i]!.distance) }));
  }
}

/**
 * The single post within LIMITS.answerBytesMax: its caption, timeline and first replies are
 * whole, and its comments stop before the first that would pass the budget (at least one is kept).
 * `commentsCursor` says where GET /api/posts/post/{id}/comments goes on, or null after the last one.
 */
function withinBudget(post: Post): Post {
  const loaded = post.comments;
  const shown = loaded.slice(0, LIMITS.commentsPerPage);
  const bare = { ...post, comments: [], commentsCursor: 'x'.repeat(64) };
  const comments = fittingPrefix(shown, LIMITS.answerBytesMax - ENVELOPE_BYTES - jsonBytes(bare));
  const last = comments[comments.length - 1];
  return { ...post, comments, commentsCursor: comments.length < loaded.length && last ? encodeCursor([last._id]) : null };
}
