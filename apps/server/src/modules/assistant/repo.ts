/**
 * The caller's own reports for the assistant's live answers (issue 14 item 3). Every query is keyed
 * by the caller's id (author_id for a citizen, assigned_government for a department), so no answer
 * can carry another person's data; each reads an index range, bounded.
 */
import type { Kysely } from 'kysely';
import type { CurrentState, ProgressState } from '@civicpulse/shared';
import { contains } from '../../db/search.js';
import type { DB } from '../../db/types.js';

export interface OwnPost {
  id: string;
  caption: string;
  progress_state: ProgressState;
  current_state: CurrentState;
  department: string | null;
}

export type Scope = { kind: 'author' | 'department'; id: string };

/** How many of the caller's latest reports a caption search reads at most. */
const SEARCH_WINDOW = 1000;

export class AssistantRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private column(scope: Scope) {
    return scope.kind === 'author' ? ('posts.author_id' as const) : ('posts.assigned_government' as const);
  }

  /** The caller's latest reports whose caption holds any of the words (newest first), or the latest ones without words. */
  async own(scope: Scope, words: string[], limit: number): Promise<OwnPost[]> {
    const col = this.column(scope);
    const window = this.db.selectFrom('posts').select('posts.id').where(col, '=', scope.id).orderBy('posts.id', 'desc').limit(SEARCH_WINDOW);
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select(['posts.id', 'posts.caption', 'posts.progress_state', 'posts.current_state', 'dept.name as department'])
      .where(col, '=', scope.id)
      .where('posts.id', 'in', window);
    if (words.length) q = q.where((eb) => eb.or(words.slice(0, 8).map((w) => contains('posts.caption', w))));
    return q.orderBy('posts.id', 'desc').limit(limit).execute();
  }

  /** A citizen's reports and resolved reports (kept post_count; the posts_author_finished range). */
  async citizenCounts(accountId: string): Promise<{ total: number; resolved: number }> {
    const total = await this.db.selectFrom('accounts').select('post_count').where('id', '=', accountId).executeTakeFirst();
    const resolved = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('author_id', '=', accountId)
      .where('finished', '=', 1)
      .executeTakeFirstOrThrow();
    return { total: Number(total?.post_count ?? 0), resolved: Number(resolved.n) };
  }

  /** A department's open reports (its open-queue index range) and resolved count (kept). */
  async departmentCounts(accountId: string): Promise<{ active: number; resolved: number }> {
    const active = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('assigned_government', '=', accountId)
      .where('finished', '=', 0)
      .executeTakeFirstOrThrow();
    const resolved = await this.db.selectFrom('accounts').select('resolved_issues_count').where('id', '=', accountId).executeTakeFirst();
    return { active: Number(active.n), resolved: Number(resolved?.resolved_issues_count ?? 0) };
  }
}
