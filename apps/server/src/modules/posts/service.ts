/**
 * Reports (spec: "Create Issue", "My Issues"): filing one with its photos, routing it to the
 * departments whose jurisdiction takes it, editing and deleting it. Reading and presenting lists is
 * PostViews' (views.ts); votes, comments and the workflow are their own modules, which find posts
 * through this service (PostLookup).
 */
import {
  ANONYMITY_TEXTS,
  ANONYMOUS_NAME,
  CATEGORIES,
  CATEGORY_CODES,
  isCategory,
  parseAnonymousFlag,
  type CategorySetting,
  CATEGORY_TEXTS,
  IDEMPOTENCY_KEY_TTL_MS,
  POST_TEXTS,
  RESOLVED_POST_TEXTS,
  parseCategory,
  suggestCategory,
  type Category,
  mergeLocationPatch,
  TEXTS,
  parsePriority,
  validateCreatePost,
  type LocationInput,
  type Priority,
} from '@civicpulse/shared';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import type { Storage } from '../../media/storage.js';
import { imageRows, processImage, removeImages, storeImages, type ProcessedImage } from '../../media/images.js';
import { authorize, can } from '../../policies/index.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import type { AccountRow, PostRow } from '../../db/rows.js';
import type { PostTable } from '../../db/types.js';
import { storedLocation } from './presenter.js';
import { EventList } from '../../events/index.js';
import { auditEvent } from '../../events/audit.js';
import { notifyEvent } from '../../events/notifications.js';
import type { ServiceLevelsService } from '../servicelevels/index.js';
import { toNotify, type ReportRouter } from '../jurisdictions/index.js';
import { IdempotencyKeyTaken, type PostsRepo } from './repo.js';

export interface NewPost {
  caption: string;
  priority: Priority;
  /** Left out: the one the caption suggests (suggestCategory), else 'other'. */
  category?: Category | undefined;
  location: LocationFields;
  images: Buffer[];
  /** The reporter hid their name (anonymous reports; the category must allow it). */
  anonymous?: boolean | undefined;
}

export interface EditPatch {
  caption?: unknown;
  priority?: unknown;
  category?: unknown;
  location?: LocationInput | null;
  anonymous?: unknown;
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

/** A report's stored location columns (city '' when the client sent none). */
export type LocationFields = Pick<PostTable, 'state' | 'landmark' | 'address' | 'pincode' | 'city' | 'lat' | 'lng'>;


/** What other modules (votes, comments, progress) need of posts: find one, and answer a lost race. */
export interface PostLookup {
  find(id: string): Promise<PostRow | undefined>;
  /** The post, or 404 "Post not found". */
  require(id: string): Promise<PostRow>;
  lostRace(err: unknown, postId: string | null, author: AccountRow, parentExists?: () => Promise<boolean>, parentGone?: string): Promise<never>;
}

/** Expired Idempotency-Keys deleted per keyed create: more than one create adds, so the table cannot grow past a day's keys. */
const IDEMPOTENCY_PURGE_BATCH = 100;

export class PostsService implements PostLookup {
  constructor(
    private readonly posts: PostsRepo,
    private readonly storage: Storage,
    /** Due times of new and re-categorised reports; absent in the bench's bare service. */
    private readonly serviceLevels?: ServiceLevelsService,
    private readonly clock: Clock = systemClock,
    /** Jurisdictions: which departments a new or edited report is routed to. */
    private readonly router?: ReportRouter,
  ) {}

  find(id: string): Promise<PostRow | undefined> {
    return this.posts.findById(id);
  }

  /** Which of these ids are posts (the primary key only): the live connection watches no others. */
  existingIds(ids: string[]): Promise<Set<string>> {
    return this.posts.existingIds(ids);
  }

  /** The post, or 404 "Post not found", also for a hidden one (moderation): nobody votes on, comments on or moves it. */
  async require(id: string): Promise<PostRow> {
    const row = await this.posts.findById(id);
    if (!row || row.hidden_at) throw notFound(POST_TEXTS.notFound);
    return row;
  }

  /** The post as `viewer` may open it: a hidden one only for its author and admins (policies/moderation.ts), else 404. */
  async requireFor(id: string, viewer: AccountRow | null): Promise<PostRow> {
    const row = await this.posts.findById(id);
    if (!row || (row.hidden_at && !can(viewer, 'moderation.seeHidden', { authorId: row.author_id }))) throw notFound(POST_TEXTS.notFound);
    return row;
  }

  /**
   * A new report's fields as the form sent them (multipart, spec 7), checked as one report: caption,
   * photos and location (validateCreatePost), priority, and the optional category (the spec's client
   * sends none; the caption then suggests one).
   */
  checkNew(raw: { caption: unknown; priority: unknown; category: unknown; location: LocationInput | null; images: Buffer[]; anonymous?: unknown }): NewPost {
    const problem = validateCreatePost({ caption: raw.caption, imageCount: raw.images.length, location: raw.location });
    if (problem) throw badRequest(problem);
    const priority = parsePriority(raw.priority);
    if (!priority) throw badRequest(POST_TEXTS.invalidPriority);
    const category = parseCategory(raw.category);
    if (category === null) throw badRequest(CATEGORY_TEXTS.invalidCategory);
    const anonymous = parseAnonymousFlag(raw.anonymous);
    if (anonymous === null) throw badRequest(ANONYMITY_TEXTS.invalidFlag);
    return { caption: String(raw.caption), priority, category, location: locationFields(raw.location!), images: raw.images, anonymous };
  }

  /** The author's own post, or 404 / 403. */
  async requireOwn(id: string, viewer: AccountRow, action: 'post.edit' | 'post.delete' = 'post.delete'): Promise<PostRow> {
    const row = await this.requireFor(id, viewer);
    authorize(viewer, action, { post: row });
    return row;
  }

  /**
   * Caption, priority and location only; every other field of the body is ignored. Fields left out
   * keep their value, and the merged report must pass the creation checks.
   */
  async edit(id: string, viewer: AccountRow, patch: EditPatch): Promise<void> {
    const row = await this.requireOwn(id, viewer, 'post.edit');
    const caption = patch.caption === undefined ? row.caption : patch.caption;
    const stored: LocationInput = storedLocation(row);
    const location: LocationInput | null =
      patch.location === undefined ? stored : patch.location === null ? null : mergeLocationPatch(stored, patch.location);
    const problem = validateCreatePost({ caption, imageCount: 1, location });
    if (problem) throw badRequest(problem);
    const priority = patch.priority === undefined ? row.priority : parsePriority(patch.priority);
    if (!priority) throw badRequest(POST_TEXTS.invalidPriority);
    const category = patch.category === undefined ? row.category : parseCategory(patch.category);
    if (!category) throw badRequest(CATEGORY_TEXTS.invalidCategory);
    const anonymous = patch.anonymous === undefined ? row.anonymous === 1 : parseAnonymousFlag(patch.anonymous);
    if (anonymous === null) throw badRequest(ANONYMITY_TEXTS.invalidFlag);
    // A report that is already anonymous stays so when an admin switches its category off later; hiding
    // the name now, or moving a hidden one into such a category, is refused.
    if (anonymous && (row.anonymous !== 1 || category !== row.category) && !(await this.posts.anonymousAllowed(category))) throw badRequest(ANONYMITY_TEXTS.notAllowed);
    const loc = locationFields(location!);
    // Another category or priority is another service level, counted from the same report time.
    const due =
      this.serviceLevels && (priority !== row.priority || category !== row.category)
        ? await this.serviceLevels.dueColumns(category, priority, row)
        : {};
    const routingChanged =
      category !== row.category || loc.state.trim() !== row.state || loc.city !== row.city || loc.pincode.trim() !== row.pincode || loc.address.trim() !== row.address || loc.lat !== row.lat || loc.lng !== row.lng;
    const routes =
      routingChanged && this.router && row.assigned_government === null
        ? (await this.router.matches({ ...loc, state: loc.state.trim(), pincode: loc.pincode.trim(), address: loc.address.trim(), category })).map((m) => m.departmentId)
        : undefined;
    const applied = await this.posts.update(
      id,
      {
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
        anonymous: anonymous ? 1 : 0,
        updated_at: isoAt(this.clock.now()),
      },
      routes,
      new EventList().add({ type: 'postChanged', postId: id, reason: 'edit' }),
    );
    // The reporter confirmed the fix between the check above and the write.
    if (!applied) throw conflict(POST_TEXTS.finishedNoEdit);
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
    const images = await this.posts.delete(id, events.add({ type: 'postChanged', postId: id, reason: 'deleted' }), { unlessFinished: !opts.asAdmin });
    // Resolved between the check above and the deletion (policies/posts.ts 'post.delete').
    if (images === 'finished') throw conflict(RESOLVED_POST_TEXTS.noDelete);
    // A simultaneous deletion got there first: it stored the audit entry and removes the files.
    if (!images) throw notFound(POST_TEXTS.notFound);
    await removeImages(this.storage, images.filter((i) => !/^https?:/.test(i.key)));
  }

  /**
   * Re-encodes every image before anything is stored, then stores files, then the row. If the row
   * cannot be written the files are removed: a failed request leaves nothing behind.
   */
  create(author: AccountRow, input: NewPost): Promise<string> {
    return this.insertNew(author, input);
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
  async createOnce(author: AccountRow, input: NewPost, key: string): Promise<{ id: string; replayed: boolean }> {
    // Two rounds are enough: a taken key is found on the second lookup unless its row vanished
    // meanwhile (expired, or its account deleted), and then the second insert claims it.
    for (let round = 0; round < 2; round++) {
      const notBefore = isoAt(this.clock.now() - IDEMPOTENCY_KEY_TTL_MS);
      const earlier = await this.posts.idempotentPostId(author.id, key, notBefore);
      if (earlier) return { id: earlier, replayed: true };
      try {
        const id = await this.insertNew(author, input, { key, expiredBefore: notBefore });
        await this.purgeExpiredKeys(notBefore);
        return { id, replayed: false };
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
    const category = input.category ?? suggestCategory(input.caption);
    // Refused before any photo is processed or stored: a refused report leaves nothing behind.
    if (input.anonymous && !(await this.posts.anonymousAllowed(category))) throw badRequest(ANONYMITY_TEXTS.notAllowed);
    const processed: ProcessedImage[] = [];
    for (const data of input.images) processed.push(await processImage(data));
    const id = newId();
    const now = isoAt(this.clock.now());
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
    // Issue 27 item 6: matched against area alerts after the commit (modules/alerts), off this request.
    events.add({ type: 'alertScan', postId: id });
    // Issue 27 item 5: the reporter follows their own report from the start.
    events.add({ type: 'follow', postId: id, accountId: author.id });
    for (const dept of toNotify(matches)) {
      // A department the report is only routed to is not yet one that may know an anonymous reporter.
      const reporter = input.anonymous ? { id: null, name: ANONYMOUS_NAME } : { id: author.id, name: author.name };
      for (const e of notifyEvent(dept, 'newReport', reporter, { post: { id, caption: input.caption.trim() } })) events.add(e);
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
          anonymous: input.anonymous ? 1 : 0,
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
      return this.lostRace(err, null, author);
    }
    return id;
  }

  /** Every category's settings (anonymous reports): the defaults where no admin set one. */
  async categorySettings(): Promise<CategorySetting[]> {
    const stored = new Map((await this.posts.categorySettings()).map((r) => [r.category, Number(r.anonymous_allowed) === 1]));
    return CATEGORY_CODES.map((code) => ({ code, anonymousAllowed: stored.get(code) ?? true }));
  }

  /** An admin's switch: whether residents may hide their name in a category (reports filed before keep theirs). */
  async setAnonymousAllowed(admin: AccountRow, rawCategory: string, body: { anonymousAllowed?: unknown }): Promise<{ message: string; category: CategorySetting }> {
    authorize(admin, 'category.editAnonymity');
    if (!isCategory(rawCategory)) throw notFound(ANONYMITY_TEXTS.categoryInvalid);
    if (typeof body.anonymousAllowed !== 'boolean') throw badRequest(ANONYMITY_TEXTS.settingInvalid);
    const allowed = body.anonymousAllowed;
    const events = new EventList().add(
      auditEvent(admin, 'editCategory', { type: 'category', id: rawCategory, label: `${CATEGORIES[rawCategory].name}: anonymous reports ${allowed ? 'allowed' : 'not allowed'}` }),
    );
    await this.posts.saveAnonymousAllowed(rawCategory, allowed, admin.id, isoAt(this.clock.now()), events);
    return { message: ANONYMITY_TEXTS.settingSaved(CATEGORIES[rawCategory].name, allowed), category: { code: rawCategory, anonymousAllowed: allowed } };
  }

  /** Whether an account still exists (a write's author may have been deleted meanwhile). */
  accountExists(id: string): Promise<boolean> {
    return this.posts.accountExists(id);
  }

  /**
   * A write that met a foreign key lost its race with a deletion between the service's read and its
   * transaction (which rolled back). Answers what the client would have got a moment later: the post
   * (or, with `parentExists`, the replied-to comment) is not found, or the author's session is over (the
   * account is gone, so its token no longer works). Anything else is rethrown for the error handler's
   * safety net.
   */
  async lostRace(err: unknown, postId: string | null, author: AccountRow, parentExists?: () => Promise<boolean>, parentGone = POST_TEXTS.commentNotFound): Promise<never> {
    if (!isForeignKeyViolation(err)) throw err;
    if (postId !== null && !(await this.posts.findById(postId))) throw notFound(POST_TEXTS.notFound);
    if (parentExists && !(await parentExists())) throw notFound(parentGone);
    if (!(await this.posts.accountExists(author.id))) throw unauthorized(TEXTS.auth.tokenInvalid);
    throw err;
  }

}
