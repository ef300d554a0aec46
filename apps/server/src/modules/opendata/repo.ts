/** The open data export's queries: posts in id order (newest first), one bounded batch at a time. */
import type { Kysely } from 'kysely';
import type { Category, Priority, ProgressState } from '@civicpulse/shared';
import type { DB } from '../../db/types.js';

export interface OpenDataRow {
  id: string;
  created_at: string;
  category: Category;
  caption: string;
  priority: Priority;
  progress_state: ProgressState;
  finished: number;
  state: string;
  city: string;
  pincode: string;
  lat: number;
  lng: number;
  department_name: string | null;
  upvote_count: number;
  downvote_count: number;
  comment_count: number;
  resolved_at: string | null;
}

export interface OpenDataFilter {
  state?: string | undefined;
  /** Compared without case. */
  city?: string | undefined;
  category?: Category | undefined;
  from?: { iso: string; idMin: string } | undefined;
  to?: { iso: string; idMax: string } | undefined;
}

export class OpenDataRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async batch(filter: OpenDataFilter, before: string | null, limit: number): Promise<OpenDataRow[]> {
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
    // With a state, the (state, id) index walks that state's range newest first.
    if (filter.state) q = q.where('posts.state', '=', filter.state);
    if (filter.city) q = q.where((eb) => eb(eb.fn('lower', ['posts.city']), '=', filter.city!.toLowerCase()));
    if (filter.category) q = q.where('posts.category', '=', filter.category);
    if (filter.from) q = q.where('posts.id', '>=', filter.from.idMin).where('posts.created_at', '>=', filter.from.iso);
    if (filter.to) q = q.where('posts.id', '<=', filter.to.idMax).where('posts.created_at', '<=', filter.to.iso);
    if (before) q = q.where('posts.id', '<', before);
    return q.orderBy('posts.id', 'desc').limit(limit).execute() as Promise<OpenDataRow[]>;
  }

  /** The newest report and the newest workflow move: both primary-key lookups, for the ETag. */
  async marks(): Promise<{ post: string; move: string }> {
    const [p, h] = await Promise.all([
      this.db.selectFrom('posts').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst(),
      this.db.selectFrom('progress_history').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst(),
    ]);
    return { post: String(p?.m ?? ''), move: String(h?.m ?? '') };
  }
}
