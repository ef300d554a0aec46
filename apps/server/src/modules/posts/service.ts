import {
  CATEGORY_TEXTS,
  IDEMPOTENCY_KEY_TTL_MS,
  LIMITS,
  POST_TEXTS,
  parseCategory,
  suggestCategory,
  type Category,
  mergeLocationPatch,
  TEXTS,
  parsePriority,
  toggleVote,
  validateCreatePost,
  type LocationInput,
  type Post,
  type PostComment,
  type PostReply,
  type PostSort,
  type Priority,
  type VoteType,
} from '@civicpulse/shared';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { badRequest, conflict } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/paging.js';
import type { Storage } from '../../media/storage.js';
import { imageRows, processImage, removeImages, storeImages, type ProcessedImage } from '../../media/images.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { authorize } from '../../policies/index.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import type { ServiceLevelsService } from '../servicelevels/service.js';
import type { AccountRow } from '../accounts/repo.js';
import { EventList, type EventBus } from '../../events/index.js';
import { auditEvent } from '../../events/audit.js';
import { notifyEvent } from '../../events/notifications.js';
import { presentComment, presentPosts, presentReply } from './presenter.js';
import { ByteBudget, ENVELOPE_BYTES, fittingPrefix, jsonBytes } from '../../lib/answerSize.js';
import { toNotify, type ReportRouter } from '../jurisdictions/service.js';
import { IdempotencyKeyTaken, sortKey, toSortKey, toThreadKey, toVotedKey, type CommentRow, type ListedCommentRow, type PostFilter, type PostRow, type PostsRepo, type SortKey } from './repo.js';
import { boxAround, captionSimilarity, distanceMeters, similarityScore } from './similar.js';

/** A department whose proof an admin has not checked yet: its words carry a "Pending verification" mark. */
function isPendingDepartment(account: AccountRow): boolean {
  return account.role === 'government' && account.is_verified === 0;
}

export interface NewPost {
  caption: string;
  priority: Priority;
  /** Left out: the one the caption suggests (suggestCategory), else 'other'. */
  category?: Category | undefined;
  location: LocationFields;
  images: Buffer[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageRequest {
  sort?: PostSort;
  cursor?: string | undefined;
  /** Left out (the spec's clients): the first LIMITS.unpagedListMax of the list, with nextCursor when more exist. */
  limit?: number | undefined;
  /** compact: without the upvotes/downvotes id lists. */
  shape?: 'compact' | undefined;
}

/** A list's counts for "Showing X of Y": how many posts its queue holds, and how many pass the filters. */
export interface ListCounts {
  total: number;
  matching: number;
}

export interface ViewOptions {
  /**
   * The single post: texts whole, its first LIMITS.commentsPerPage comments (one more is read, to know
   * whether there are more) and its timeline. Otherwise a card (issue 25): shortened texts, the first
   * LIMITS.commentsPerCard comments, LIMITS.voteIdsPerCard voter ids.
   */
  single?: boolean;
  compact?: boolean;
  /** A list page's byte budget: presenting stops before the first post that would pass it. */
  budget?: ByteBudget;
}

export interface EditPatch {
  caption?: unknown;
  priority?: unknown;
  category?: unknown;
  location?: LocationInput | null;
}

/** A location that passed validateLocation, as stored fields. */
export function locationFields(loc: LocationInput): LocationFields {
  return {
    state: String(loc.state),
    landmark: String(loc.landmark),
    address: String(loc.address),
    pincode: String(loc.pincode),
    city: typeof loc.city === 'string' ? loc.city.trim() : '',
    lat: Number(loc.coordinates!.lat),
    lng: Number(loc.coordinates!.lng),
  };
}

export interface LocationFields {
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  /** '' when the client sent none. */
  city: string;
  lat: number;
  lng: number;
}

const SIMILAR_RADIUS_M = 250;
/** Posts presented per slice of a long list (see view). */
const VIEW_CHUNK = 50;
const SIMILAR_MAX = 5;
/** Expired Idempotency-Keys deleted per keyed create: more than one create adds, so the table cannot grow past a day's keys. */
const IDEMPOTENCY_PURGE_BATCH = 100;

export class PostsService {
  constructor(
    private readonly posts: PostsRepo,
    private readonly storage: Storage,
    private readonly bus?: EventBus,
    /** Due times of new and re-categorised reports (issue 16); absent in the bench's bare service. */
    private readonly serviceLevels?: ServiceLevelsService,
    private readonly clock: Clock = systemClock,
    /** Jurisdictions (issue 16): which departments a new or edited report is routed to. */
    private readonly router?: ReportRouter,
  ) {}

  /**
   * Loads everything the rows' cards show in a fixed number of queries per slice, whatever the page
   * size, each child list capped per post (issue 10): a post with 100,000 votes or comments costs what
   * one with ten does. With a budget, answers the posts that fit it (a prefix of the rows, issue 25).
   */
  async view(rows: PostRow[], viewerId: string, origin: string, opts: ViewOptions = {}): Promise<Post[]> {
    const out: Post[] = [];
    // A 500-post answer is about 25 ms of synchronous work on SQLite; in slices, with the event loop
    // free between them, the feed requests beside it wait for one slice at most. A page cut by its
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
    const [images, votes, mine, comments, history] = await Promise.all([
      this.posts.images(ids, { archived: opts.single }),
      opts.compact ? Promise.resolve(undefined) : this.posts.votes(ids, opts.single ? LIMITS.voteIdsPerPost : LIMITS.voteIdsPerCard),
      this.posts.myVotes(ids, viewerId),
      opts.single && rows.length === 1
        ? this.posts.commentPage(rows[0]!.id, null, LIMITS.commentsPerPage + 1)
        : this.posts.comments(ids, LIMITS.commentsPerCard),
      opts.single ? this.posts.history(ids) : Promise.resolve(undefined),
    ]);
    const { replies, replyCounts } = await this.threadsOf(comments);
    return presentPosts(
      { rows, images, votes, mine, comments, replies, replyCounts, history },
      origin,
      { card: !opts.single, viewerId },
      this.clock.now(),
    );
  }

  /** The first LIMITS.repliesPerCard replies of each comment and how many each has (both bounded ranges). */
  private async threadsOf(comments: ListedCommentRow[]) {
    const ids = comments.map((c) => c.id);
    const [replies, replyCounts] = await Promise.all([
      this.posts.replies(ids, LIMITS.repliesPerCard),
      this.posts.replyCounts(ids, LIMITS.replyCountMax),
    ]);
    return { replies, replyCounts };
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
    if (filter.captionContains) return this.search(filter, filter.captionContains, sort, after, limit, req, viewerId, origin);
    const seek = await this.seekFor(filter, limit, sort);
    if (seek === 'empty') return { items: [], nextCursor: null };
    const rows = await this.posts.list(filter, { sort, after, limit: limit + 1, seek });
    const hasMore = rows.length > limit;
    const pageRows = hasMore ? rows.slice(0, limit) : rows;
    const items = await this.view(pageRows, viewerId, origin, { compact: req.shape === 'compact', budget: new ByteBudget() });
    // Cut by rows or by bytes: the next page starts after the last post answered.
    const last = pageRows[items.length - 1];
    return { items, nextCursor: (hasMore || items.length < pageRows.length) && last ? encodeCursor(sortKey(last, sort)) : null };
  }

  /** A citizen's public activity for their profile: counts from index ranges, the 5 latest reports. */
  async citizenActivity(accountId: string) {
    const counts = await this.posts.activityOf(accountId);
    const recent = await this.posts.list({ authorId: accountId }, { sort: 'newest', limit: 5 });
    return { ...counts, recent: recent.map((r) => ({ _id: r.id, caption: r.caption, progressState: r.progress_state, createdAt: r.created_at })) };
  }

  /** A department's open workload (kept tally), distinct reporters it served, and its last 10 moves. */
  async departmentActivity(governmentId: string) {
    const active = await this.posts.count({ assignedTo: governmentId, finished: false });
    const served = await this.posts.reportersServed(governmentId);
    const moves = await this.posts.movesBy(governmentId, 10);
    return {
      active,
      served,
      moves: moves.map((m) => ({ _id: m.id, postId: m.post_id, caption: m.caption, action: m.action, from: m.from_state, to: m.to_state, createdAt: m.created_at })),
    };
  }

  /**
   * A text search walks the list's order in slices of LIMITS.searchSlice posts, yielding to the event
   * loop between slices, and reads at most LIMITS.searchScanMax posts per request: a common word
   * fills the page in the first slice; a rare one answers the matches found so far with a cursor at
   * the last post read (the next request goes on from there), so no request scans the whole table.
   */
  private async search(
    filter: PostFilter,
    text: string,
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
      const slice = await this.posts.searchSlice(filter, text, { sort, after: position, limit: LIMITS.searchSlice });
      scanned += slice.length;
      for (const row of slice) if (row.hit) hits.push(row);
      const last = slice[slice.length - 1];
      if (slice.length < LIMITS.searchSlice || !last) {
        end = true;
        break;
      }
      position = sortKey(last, sort);
      if (scanned >= LIMITS.searchScanMax) break;
      await yieldToEventLoop();
    }
    const shown = hits.slice(0, limit);
    const rows = await this.posts.byIds(shown.map((h) => h.id));
    const items = await this.view(rows, viewerId, origin, { compact: req.shape === 'compact', budget: new ByteBudget() });
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

  /** "Showing X of Y" for a list: both from kept counters (PostsRepo.count), never a scan. */
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
   */
  feed(viewer: AccountRow, origin: string, req: PageRequest & { excludeMine?: boolean; category?: Category | undefined }): Promise<Page<Post>> {
    return this.list({ ...(req.excludeMine ? { excludeAuthor: viewer.id } : {}), category: req.category }, req, viewer.id, origin);
  }

  async get(id: string, viewer: AccountRow, origin: string): Promise<Post> {
    const row = await this.posts.findById(id);
    if (!row) throw notFound(POST_TEXTS.notFound);
    const [post] = await this.view([row], viewer.id, origin, { single: true });
    return withinBudget(post!);
  }

  /**
   * GET /api/posts/post/{id}/comments (issue 25): the post's top-level comments after the cursor, oldest
   * first, each with its first replies, as on the post page; at most `limit` (LIMITS.commentsPerPage
   * when left out) and LIMITS.answerBytesMax bytes.
   */
  async commentPage(postId: string, req: { cursor?: string | undefined; limit?: number | undefined }): Promise<Page<PostComment>> {
    await this.requirePost(postId);
    const after = threadPosition(req.cursor);
    const limit = req.limit ?? LIMITS.commentsPerPage;
    const rows = await this.posts.commentPage(postId, after, limit + 1);
    const pageRows = rows.slice(0, limit);
    const { replies, replyCounts } = await this.threadsOf(pageRows);
    const byParent = new Map<string, ListedCommentRow[]>();
    for (const r of replies) {
      const list = byParent.get(r.parent_id ?? '');
      if (list) list.push(r);
      else byParent.set(r.parent_id ?? '', [r]);
    }
    const all = pageRows.map((c) => presentComment(c, byParent.get(c.id) ?? [], replyCounts.get(c.id) ?? 0));
    return pageOf(all, rows.length > limit);
  }

  /** GET /api/posts/post/{id}/comments/{commentId}/replies (issue 25): a comment's replies after the cursor, oldest first. */
  async replyPage(postId: string, commentId: string, req: { cursor?: string | undefined; limit?: number | undefined }): Promise<Page<PostReply>> {
    await this.requirePost(postId);
    const parent = await this.posts.findComment(postId, commentId);
    if (!parent || parent.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    const after = threadPosition(req.cursor);
    const limit = req.limit ?? LIMITS.repliesPerPage;
    const rows = await this.posts.replyPage(commentId, after, limit + 1);
    return pageOf(
      rows.slice(0, limit).map((r) => presentReply(r)),
      rows.length > limit,
    );
  }

  /** The author's own post, or 404 / 403. */
  async requireOwn(id: string, viewer: AccountRow, action: 'post.edit' | 'post.delete' = 'post.delete'): Promise<PostRow> {
    const row = await this.posts.findById(id);
    if (!row) throw notFound(POST_TEXTS.notFound);
    authorize(viewer, action, { post: row });
    return row;
  }

  /**
   * Caption, priority and location only; every other field of the body is ignored. Fields left out
   * keep their value, and the merged report must pass the creation checks.
   */
  async edit(id: string, viewer: AccountRow, patch: EditPatch, origin: string): Promise<Post> {
    const row = await this.requireOwn(id, viewer, 'post.edit');
    const caption = patch.caption === undefined ? row.caption : patch.caption;
    const stored: LocationInput = {
      state: row.state,
      landmark: row.landmark,
      address: row.address,
      pincode: row.pincode,
      city: row.city,
      coordinates: { lat: row.lat, lng: row.lng },
    };
    const location: LocationInput | null =
      patch.location === undefined ? stored : patch.location === null ? null : mergeLocationPatch(stored, patch.location);
    const problem = validateCreatePost({ caption, imageCount: 1, location });
    if (problem) throw badRequest(problem);
    const priority = patch.priority === undefined ? row.priority : parsePriority(patch.priority);
    if (!priority) throw badRequest(POST_TEXTS.invalidPriority);
    const category = patch.category === undefined ? row.category : parseCategory(patch.category);
    if (!category) throw badRequest(CATEGORY_TEXTS.invalidCategory);
    const loc = locationFields(location!);
    // Another category or priority is another service level, counted from the same report time.
    const due =
      this.serviceLevels && (priority !== row.priority || category !== row.category)
        ? await this.serviceLevels.dueColumns(category, priority, row)
        : {};
    const routingChanged =
      category !== row.category || loc.state.trim() !== row.state || loc.city !== row.city || loc.pincode.trim() !== row.pincode || loc.address.trim() !== row.address || loc.lat !== row.lat || loc.lng !== row.lng;
    await this.posts.updateFields(id, {
      ...due,
      caption: String(caption).trim(),
      priority,
      category,
      state: loc.state.trim(),
      landmark: loc.landmark.trim(),
      address: loc.address.trim(),
      pincode: loc.pincode.trim(),
      city: loc.city,
      lat: loc.lat,
      lng: loc.lng,
      updated_at: nowIso(),
    });
    if (routingChanged && this.router && row.assigned_government === null) {
      const matches = await this.router.matches({ ...loc, state: loc.state.trim(), pincode: loc.pincode.trim(), address: loc.address.trim(), category });
      await this.posts.reroute(id, matches.map((m) => m.departmentId));
    }
    this.bus?.emit(new EventList().add({ type: 'postChanged', postId: id, reason: 'edit' }));
    return this.get(id, viewer, origin);
  }

  /**
   * Removes the post, its votes, comments, history (cascade) and then its files. An admin removing
   * someone else's post leaves an audit entry, written with the deletion.
   */
  async remove(id: string, viewer: AccountRow, opts: { asAdmin?: boolean; reason?: string | undefined } = {}): Promise<void> {
    const events = new EventList();
    if (!opts.asAdmin) await this.requireOwn(id, viewer);
    else {
      const row = await this.posts.findById(id);
      if (!row) throw notFound(POST_TEXTS.notFound);
      if (row.author_id !== viewer.id) {
        events.add(auditEvent(viewer, 'deletePost', { type: 'post', id, label: `${row.caption.slice(0, 120)} (by ${row.author_name})` }, opts.reason));
      }
    }
    const images = await this.posts.delete(id, events);
    // A simultaneous deletion got there first: it stored the audit entry and removes the files.
    if (!images) throw notFound(POST_TEXTS.notFound);
    this.bus?.emit(events.add({ type: 'postChanged', postId: id, reason: 'deleted' }));
    await removeImages(this.storage, images.filter((i) => !/^https?:/.test(i.key)));
  }

  /** The posts the viewer voted on with this type, most recent vote first, paged like every list. */
  async voted(viewer: AccountRow, type: VoteType, origin: string, req: PageRequest): Promise<Page<Post>> {
    const parts = decodeCursor(req.cursor);
    const after = parts && toVotedKey(parts);
    if (parts && !after) throw badRequest(TEXTS.http.invalidCursor);
    const limit = req.limit ?? LIMITS.unpagedListMax;
    const rows = await this.posts.listVoted(viewer.id, type, { after, limit: limit + 1 });
    const hasMore = rows.length > limit;
    const pageRows = hasMore ? rows.slice(0, limit) : rows;
    const items = await this.view(pageRows, viewer.id, origin, { compact: req.shape === 'compact', budget: new ByteBudget() });
    const last = pageRows[items.length - 1];
    return { items, nextCursor: (hasMore || items.length < pageRows.length) && last ? encodeCursor([last.voted_at, last.id]) : null };
  }

  /**
   * Re-encodes every image before anything is stored, then stores files, then the row. If the row
   * cannot be written the files are removed: a failed request leaves nothing behind.
   */
  async create(author: AccountRow, input: NewPost, origin: string): Promise<Post> {
    return this.get(await this.insertNew(author, input), author, origin);
  }

  /**
   * create with the author's Idempotency-Key (issue 17 item 7): the first request with a key files the
   * report; a repeat within IDEMPOTENCY_KEY_TTL_MS answers that report (replayed) and stores nothing,
   * so its photos are never even processed. A repeat that raced the first one past the lookup loses at
   * the key's primary key: its transaction (report, routes, notifications) rolls back, its stored photos
   * are removed (insertNew) and it answers the winner's report. Events fire only for the winner.
   *
   * Expired keys: the lookup ignores them and the insert takes their row over; besides, each keyed
   * create deletes a batch of expired rows (purgeExpiredKeys). So the table holds about one day of
   * keyed reports and needs no timer of its own, on one process or many.
   */
  async createOnce(author: AccountRow, input: NewPost, origin: string, key: string): Promise<{ post: Post; replayed: boolean }> {
    // Two rounds are enough: a taken key is found on the second lookup unless its row vanished
    // meanwhile (expired, or its account deleted), and then the second insert claims it.
    for (let round = 0; round < 2; round++) {
      const notBefore = isoAt(this.clock.now() - IDEMPOTENCY_KEY_TTL_MS);
      const earlier = await this.posts.idempotentPostId(author.id, key, notBefore);
      if (earlier) return { post: await this.get(earlier, author, origin), replayed: true };
      try {
        const id = await this.insertNew(author, input, { key, expiredBefore: notBefore });
        await this.purgeExpiredKeys(notBefore);
        return { post: await this.get(id, author, origin), replayed: false };
      } catch (err) {
        if (!(err instanceof IdempotencyKeyTaken)) throw err;
      }
    }
    throw conflict(POST_TEXTS.idempotencyKeyBusy);
  }

  /** Best effort: a failed purge leaves rows for the next create, never fails this one. */
  private async purgeExpiredKeys(before: string): Promise<void> {
    try {
      await this.posts.purgeIdempotencyKeys(before, IDEMPOTENCY_PURGE_BATCH);
    } catch {
      // Nothing to undo: the rows are ignored once expired and taken over by a new insert of their key.
    }
  }

  /** Files the report (photos processed and stored, then one transaction); answers its id. */
  private async insertNew(author: AccountRow, input: NewPost, idempotency?: { key: string; expiredBefore: string }): Promise<string> {
    const processed: ProcessedImage[] = [];
    for (const data of input.images) processed.push(await processImage(data));
    const id = newId();
    const now = isoAt(this.clock.now());
    const category = input.category ?? suggestCategory(input.caption);
    const due = this.serviceLevels
      ? await this.serviceLevels.dueColumns(category, input.priority, { created_at: now, progress_state: 'Unseen' })
      : { response_due_at: null, resolution_due_at: null, sla_stage: 0, sla_next_at: null };
    const routable = {
      state: input.location.state.trim(),
      city: input.location.city.trim(),
      pincode: input.location.pincode.trim(),
      address: input.location.address.trim(),
      category,
      lat: input.location.lat,
      lng: input.location.lng,
    };
    // Issue 16: the departments whose jurisdiction and categories take the report see it in View Issues
    // and (verified ones, capped) hear of it, both written with the report.
    const matches = this.router ? await this.router.matches(routable) : [];
    const events = new EventList();
    for (const dept of toNotify(matches)) {
      for (const e of notifyEvent(dept, 'newReport', { id: author.id, name: author.name }, { post: { id, caption: input.caption.trim() } })) events.add(e);
    }
    const stored = await storeImages(this.storage, id, processed);
    try {
      await this.posts.insert(
        {
          id,
          author_id: author.id,
          caption: input.caption.trim(),
          priority: input.priority,
          category,
          current_state: 'In Progress',
          progress_state: 'Unseen',
          state: input.location.state.trim(),
          landmark: input.location.landmark.trim(),
          address: input.location.address.trim(),
          pincode: input.location.pincode.trim(),
          city: input.location.city.trim(),
          lat: input.location.lat,
          lng: input.location.lng,
          assigned_government: null,
          final_caption: null,
          resolved_at: null,
          take_bucket: null,
          finish_bucket: null,
          ...due,
          finished: 0,
          upvote_count: 0,
          downvote_count: 0,
          comment_count: 0,
          created_at: now,
          updated_at: now,
        },
        imageRows(stored, 'report', now),
        { routes: matches.map((m) => m.departmentId), events, idempotency },
      );
    } catch (err) {
      // A failed insert, or the loser of a key race: no row refers to these files.
      await removeImages(this.storage, stored.map((s) => ({ key: s.key, thumb_key: s.thumbKey })));
      // The author deleted the account meanwhile (posts.author_id): their session is over.
      return this.lostToDeletion(err, null, null, author);
    }
    this.bus?.emit(events);
    return id;
  }

  async vote(postId: string, viewer: AccountRow, type: VoteType) {
    const result = await this.posts
      .applyVote(postId, viewer.id, (current) => toggleVote(current, type), nowIso())
      .catch((err: unknown) => this.lostToDeletion(err, postId, null, viewer));
    if (!result.found) throw notFound(POST_TEXTS.notFound);
    this.bus?.emit(new EventList().add({ type: 'postChanged', postId, reason: 'vote' }));
    const message = result.vote === null ? POST_TEXTS.voteRemoved : result.vote === 'upvote' ? POST_TEXTS.upvoted : POST_TEXTS.downvoted;
    return { message, upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.vote };
  }

  /**
   * A write that met a foreign key lost its race with a deletion between the service's read and its
   * transaction (which rolled back). Answers what the client would have got a moment later: the post
   * or the replied-to comment is not found, or the author's session is over (the account is gone,
   * so its token no longer works). Anything else is rethrown for the error handler's safety net.
   */
  private async lostToDeletion(err: unknown, postId: string | null, parentId: string | null, author: AccountRow): Promise<never> {
    if (!isForeignKeyViolation(err)) throw err;
    if (postId !== null && !(await this.posts.findById(postId))) throw notFound(POST_TEXTS.notFound);
    if (parentId !== null && !(await this.posts.findComment(postId ?? '', parentId))) throw notFound(POST_TEXTS.commentNotFound);
    if (!(await this.posts.accountExists(author.id))) throw unauthorized(TEXTS.auth.tokenInvalid);
    throw err;
  }

  private async requirePost(postId: string): Promise<PostRow> {
    const post = await this.posts.findById(postId);
    if (!post) throw notFound(POST_TEXTS.notFound);
    return post;
  }

  private newComment(postId: string, parentId: string | null, author: AccountRow, content: string): CommentRow {
    return {
      id: newId(),
      post_id: postId,
      parent_id: parentId,
      author_id: author.id,
      author_name: author.name,
      author_role: author.role,
      content: content.trim(),
      created_at: nowIso(),
    };
  }

  /**
   * Who hears of a new comment or reply: the replied-to commenter, the reporter, and the department
   * working on the report (storeEvents drops the author's own and keeps one per person, first wins).
   */
  private commentEvents(post: PostRow, author: AccountRow, parent: CommentRow | null): EventList {
    const events = new EventList();
    const actor = { id: author.id, name: author.name };
    const about = { post: { id: post.id, caption: post.caption } };
    const notes = [
      ...(parent ? notifyEvent(parent.author_id, 'reply', actor, about) : []),
      ...notifyEvent(post.author_id, 'comment', actor, about),
      ...notifyEvent(post.assigned_government, 'deptComment', actor, about),
    ];
    for (const e of notes) events.add(e);
    return events;
  }

  async addComment(postId: string, author: AccountRow, content: string): Promise<PostComment> {
    const post = await this.requirePost(postId);
    const row = this.newComment(postId, null, author, content);
    // The live post_update carries this comment whole: one comment, at most LIMITS.commentMaxChars.
    const comment = presentComment({ ...row, author_pending: isPendingDepartment(author) }, [], 0);
    const events = this.commentEvents(post, author, null);
    await this.posts.insertComment(row, events).catch((err: unknown) => this.lostToDeletion(err, postId, null, author));
    this.bus?.emit(events.add({ type: 'postChanged', postId, reason: 'comment', comment }));
    return comment;
  }

  async addReply(postId: string, commentId: string, author: AccountRow, content: string): Promise<PostReply> {
    const post = await this.requirePost(postId);
    const parent = await this.posts.findComment(postId, commentId);
    if (!parent || parent.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    const row = this.newComment(postId, parent.id, author, content);
    const events = this.commentEvents(post, author, parent);
    await this.posts.insertComment(row, events).catch((err: unknown) => this.lostToDeletion(err, postId, parent.id, author));
    this.bus?.emit(events.add({ type: 'postChanged', postId, reason: 'reply' }));
    return presentReply({ ...row, author_pending: isPendingDepartment(author) });
  }

  /** Finds a comment by id (preferred) or by its position, as the spec's clients send it. */
  private async locateComment(postId: string, id: string | undefined, index: number | undefined): Promise<CommentRow> {
    const row =
      id !== undefined
        ? await this.posts.findComment(postId, id)
        : index !== undefined
          ? await this.posts.nthComment(postId, null, index)
          : undefined;
    if (!row || row.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    return row;
  }

  /** An admin deleting someone else's words is moderation: it goes in the audit log. */
  private moderation(viewer: AccountRow, row: CommentRow, action: 'deleteComment' | 'deleteReply'): EventList {
    const events = new EventList();
    if (viewer.role === 'admin' && viewer.id !== row.author_id) {
      events.add(
        auditEvent(viewer, action, {
          type: action === 'deleteComment' ? 'comment' : 'reply',
          id: row.id,
          label: `${row.author_name}: ${row.content.slice(0, 120)}`,
        }),
      );
    }
    return events;
  }

  async deleteComment(viewer: AccountRow, input: { postId: string; commentId?: string | undefined; commentIndex?: number | undefined }) {
    await this.requirePost(input.postId);
    const row = await this.locateComment(input.postId, input.commentId, input.commentIndex);
    authorize(viewer, 'comment.delete', { comment: row });
    const events = this.moderation(viewer, row, 'deleteComment');
    if (!(await this.posts.deleteComment(row, events))) throw notFound(POST_TEXTS.commentNotFound);
    this.bus?.emit(events.add({ type: 'postChanged', postId: input.postId, reason: 'commentDeleted' }));
  }

  async deleteReply(
    viewer: AccountRow,
    input: {
      postId: string;
      commentId?: string | undefined;
      commentIndex?: number | undefined;
      replyId?: string | undefined;
      replyIndex?: number | undefined;
    },
  ) {
    await this.requirePost(input.postId);
    let reply: CommentRow | undefined;
    if (input.replyId !== undefined) {
      reply = await this.posts.findComment(input.postId, input.replyId);
      if (reply?.parent_id === null) reply = undefined;
    } else {
      const parent = await this.locateComment(input.postId, input.commentId, input.commentIndex);
      if (input.replyIndex !== undefined) reply = await this.posts.nthComment(input.postId, parent.id, input.replyIndex);
    }
    if (!reply) throw notFound(POST_TEXTS.replyNotFound);
    authorize(viewer, 'reply.delete', { reply });
    const events = this.moderation(viewer, reply, 'deleteReply');
    if (!(await this.posts.deleteComment(reply, events))) throw notFound(POST_TEXTS.replyNotFound);
    this.bus?.emit(events.add({ type: 'postChanged', postId: input.postId, reason: 'commentDeleted' }));
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
    );
    return posts.map((p, i) => ({ ...p, distanceMeters: Math.round(ranked[i]!.distance) }));
  }
}


/** A comment or reply page's cursor as the id after which it starts; a cursor of anything else is refused. */
function threadPosition(cursor: string | undefined): string | null {
  const parts = decodeCursor(cursor);
  if (!parts) return null;
  const id = toThreadKey(parts);
  if (id === null) throw badRequest(TEXTS.http.invalidCursor);
  return id;
}

/**
 * A comment or reply page: the items that fit LIMITS.answerBytesMax, and a cursor after the last of them
 * when more were read (`more`) or the budget cut the page.
 */
function pageOf<T extends { _id: string }>(all: T[], more: boolean): Page<T> {
  const items = fittingPrefix(all);
  const last = items[items.length - 1];
  return { items, nextCursor: (more || items.length < all.length) && last ? encodeCursor([last._id]) : null };
}

/**
 * The single post within LIMITS.answerBytesMax (issue 25): its caption, timeline and first replies are
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
