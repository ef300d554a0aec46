/**
 * The posts table as other modules read it: exports (the account's data, the admin's, open data),
 * Open311 requests, the assistant's own reports, routing's open reports and the service levels'
 * due reports. Each reads an index range or walks the primary key in bounded keyset batches; the
 * modules that need them call PostReads (readService.ts), never this repository.
 */
import type { Kysely } from 'kysely';
import type { Category, Priority, ProgressState } from '@civicpulse/shared';
import type { ExportRow, OpenDataRow, OpenPostRow, OwnPost, RequestRow, SlaRow } from '../../db/rows.js';
import { contains } from '../../db/search.js';
import type { DB } from '../../db/types.js';

/** The admin export's filters. */
export interface ExportFilter {
  priority?: Priority | undefined;
  progressState?: ProgressState | undefined;
}

/** The open data export's filters. */
export interface OpenDataFilter {
  state?: string | undefined;
  /** Compared without case. */
  city?: string | undefined;
  category?: Category | undefined;
  from?: { iso: string; idMin: string } | undefined;
  to?: { iso: string; idMax: string } | undefined;
}

/** Open311's request filters. */
export interface RequestFilter {
  ids?: string[] | undefined;
  category?: Category | undefined;
  finished?: boolean | undefined;
  /** created_at range, inclusive, as ISO UTC strings; with the matching id bounds (ids sort by time). */
  from?: { iso: string; idMin: string } | undefined;
  to?: { iso: string; idMax: string } | undefined;
  /** Keyset: rows with a smaller id (newest first). */
  before?: string | undefined;
}

/** Whose reports: a citizen's own (author_id) or a department's (assigned_government). */
export type ReportScope = { kind: 'author' | 'department'; id: string };

/** How many of the caller's latest reports a caption search reads at most. */
const SEARCH_WINDOW = 1000;

/** Ids per statement when reading open reports to route again (bound parameters are capped). */
const OPEN_POSTS_CHUNK = 500;

const SLA_COLUMNS = [
  'posts.id',
  'posts.caption',
  'posts.created_at',
  'posts.progress_state',
  'posts.assigned_government',
  'posts.response_due_at',
  'posts.resolution_due_at',
  'posts.sla_stage',
  'posts.sla_next_at',
] as const;

export class PostReadsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** The account's own reports for its data export, oldest first, by keyset batches. */
  ownPosts(accountId: string, after: string | null, limit: number) {
    let q = this.db
      .selectFrom('posts')
      .select(['id', 'caption', 'priority', 'progress_state', 'current_state', 'state', 'landmark', 'address', 'pincode', 'lat', 'lng', 'upvote_count', 'downvote_count', 'comment_count', 'created_at', 'updated_at', 'resolved_at'])
      .where('author_id', '=', accountId);
    if (after) q = q.where('id', '>', after);
    return q.orderBy('id').limit(limit).execute();
  }

  /** One admin export batch, newest first, after the keyset position `after`, with the department's name. */
  async exportBatch(filter: ExportFilter, after: string | null, limit: number): Promise<ExportRow[]> {
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select([
        'posts.id',
        'posts.reference',
        'posts.caption',
        'posts.priority',
        'posts.progress_state',
        'posts.current_state',
        'posts.state',
        'posts.address',
        'posts.landmark',
        'posts.pincode',
        'posts.lat',
        'posts.lng',
        'posts.upvote_count',
        'posts.downvote_count',
        'posts.comment_count',
        'posts.created_at',
        'posts.resolved_at',
        'posts.assigned_government',
        'dept.name as department_name',
      ]);
    if (filter.priority) q = q.where('posts.priority', '=', filter.priority);
    if (filter.progressState) q = q.where('posts.progress_state', '=', filter.progressState);
    if (after) q = q.where('posts.id', '<', after);
    return q.orderBy('posts.id', 'desc').limit(limit).execute() as Promise<ExportRow[]>;
  }

  /** One open data batch, newest first, before `before`. */
  async openDataBatch(filter: OpenDataFilter, before: string | null, limit: number): Promise<OpenDataRow[]> {
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select([
        'posts.id',
        'posts.created_at',
        'posts.category',
        'posts.caption',
        'posts.priority',
        'posts.progress_state',
        'posts.finished',
        'posts.state',
        'posts.city',
        'posts.pincode',
        'posts.lat',
        'posts.lng',
        'dept.name as department_name',
        'posts.upvote_count',
        'posts.downvote_count',
        'posts.comment_count',
        'posts.resolved_at',
      ]);
    // Hidden reports (moderation) are not open data.
    q = q.where('posts.hidden_at', 'is', null);
    // With a state, the (state, id) index walks that state's range newest first.
    if (filter.state) q = q.where('posts.state', '=', filter.state);
    if (filter.city) q = q.where((eb) => eb(eb.fn('lower', ['posts.city']), '=', filter.city!.toLowerCase()));
    if (filter.category) q = q.where('posts.category', '=', filter.category);
    if (filter.from) q = q.where('posts.id', '>=', filter.from.idMin).where('posts.created_at', '>=', filter.from.iso);
    if (filter.to) q = q.where('posts.id', '<=', filter.to.idMax).where('posts.created_at', '<=', filter.to.iso);
    if (before) q = q.where('posts.id', '<', before);
    return q.orderBy('posts.id', 'desc').limit(limit).execute() as Promise<OpenDataRow[]>;
  }

  /** The reference numbers of up to a page of reports (primary-key lookups), for the emails about them. */
  async references(ids: string[]): Promise<Array<{ id: string; reference: string | null }>> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('posts').select(['id', 'reference']).where('id', 'in', ids.slice(0, 100)).execute();
  }

  /** The newest report's id (a primary-key lookup; '' without reports). */
  async newestId(): Promise<string> {
    const p = await this.db.selectFrom('posts').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
    return String(p?.m ?? '');
  }

  /** One page of Open311 requests, newest first, by the primary key (ids sort by creation time). */
  async requests(filter: RequestFilter, limit: number): Promise<RequestRow[]> {
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select([
        'posts.id',
        'posts.reference',
        'posts.caption',
        'posts.category',
        'posts.progress_state',
        'posts.finished',
        'posts.address',
        'posts.pincode',
        'posts.lat',
        'posts.lng',
        'posts.created_at',
        'posts.updated_at',
        'dept.name as department_name',
      ]);
    // Hidden reports (moderation) are not served over Open311.
    q = q.where('posts.hidden_at', 'is', null);
    if (filter.ids) q = q.where('posts.id', 'in', filter.ids);
    if (filter.category) q = q.where('posts.category', '=', filter.category);
    if (filter.finished !== undefined) q = q.where('posts.finished', '=', filter.finished ? 1 : 0);
    if (filter.from) q = q.where('posts.id', '>=', filter.from.idMin).where('posts.created_at', '>=', filter.from.iso);
    if (filter.to) q = q.where('posts.id', '<=', filter.to.idMax).where('posts.created_at', '<=', filter.to.iso);
    if (filter.before) q = q.where('posts.id', '<', filter.before);
    return q.orderBy('posts.id', 'desc').limit(limit).execute() as Promise<RequestRow[]>;
  }

  private column(scope: ReportScope) {
    return scope.kind === 'author' ? ('posts.author_id' as const) : ('posts.assigned_government' as const);
  }

  /** The scope's latest reports whose caption holds any of the words (newest first), or the latest ones without words. */
  async own(scope: ReportScope, words: string[], limit: number): Promise<OwnPost[]> {
    const col = this.column(scope);
    const window = this.db.selectFrom('posts').select('posts.id').where(col, '=', scope.id).orderBy('posts.id', 'desc').limit(SEARCH_WINDOW);
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select(['posts.id', 'posts.caption', 'posts.progress_state', 'posts.current_state', 'dept.name as department'])
      .where(col, '=', scope.id)
      .where('posts.id', 'in', window)
      .where('posts.hidden_at', 'is', null);
    if (words.length) q = q.where((eb) => eb.or(words.slice(0, 8).map((w) => contains('posts.caption', w))));
    return q.orderBy('posts.id', 'desc').limit(limit).execute();
  }

  /** How many reports a department holds open (its open-queue index range). */
  async openAssignedCount(departmentId: string): Promise<number> {
    const active = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('assigned_government', '=', departmentId)
      .where('finished', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(active.n);
  }

  /** The next batch of open, unassigned reports of a state after `after`, in id order (posts_open_state). */
  openPostsInState(state: string, after: string, limit: number): Promise<OpenPostRow[]> {
    return this.db
      .selectFrom('posts')
      .select(['id', 'state', 'city', 'pincode', 'address', 'category', 'lat', 'lng'])
      .where('state', '=', state)
      .where('assigned_government', 'is', null)
      .where('finished', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Those of the posts that are open and unassigned, with what they are matched on. */
  async openPosts(ids: string[]): Promise<OpenPostRow[]> {
    const out: OpenPostRow[] = [];
    for (let i = 0; i < ids.length; i += OPEN_POSTS_CHUNK) {
      out.push(
        ...(await this.db
          .selectFrom('posts')
          .select(['id', 'state', 'city', 'pincode', 'address', 'category', 'lat', 'lng'])
          .where('id', 'in', ids.slice(i, i + OPEN_POSTS_CHUNK))
          .where('assigned_government', 'is', null)
          .where('finished', '=', 0)
          .execute()),
      );
    }
    return out;
  }

  /** One range of a (category, priority)'s open reports after `afterId` (posts_sla_open). */
  async slaOpenPosts(category: Category, priority: Priority, afterId: string, limit: number): Promise<SlaRow[]> {
    const rows = await this.db
      .selectFrom('posts')
      .select(SLA_COLUMNS)
      .where('category', '=', category)
      .where('priority', '=', priority)
      .where('finished', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, sla_stage: Number(r.sla_stage) }));
  }

  /** Reports whose next service-level time has passed, earliest first (posts_sla_next). */
  async slaDuePosts(nowIso: string, limit: number): Promise<SlaRow[]> {
    const rows = await this.db
      .selectFrom('posts')
      .select(SLA_COLUMNS)
      .where('sla_next_at', 'is not', null)
      .where('sla_next_at', '<=', nowIso)
      .orderBy('sla_next_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, sla_stage: Number(r.sla_stage) }));
  }
}
