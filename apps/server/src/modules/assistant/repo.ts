/**
 * The assistant's reads of the caller's own account figures (kept counters on accounts). The
 * caller's reports and their counts are the posts module's (PostReads), keyed the same way by the
 * caller's id.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export class AssistantRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** A citizen's reports (kept post_count). */
  async postCount(accountId: string): Promise<number> {
    const total = await this.db.selectFrom('accounts').select('post_count').where('id', '=', accountId).executeTakeFirst();
    return Number(total?.post_count ?? 0);
  }

  /** A department's resolved reports (kept). */
  async resolvedCount(accountId: string): Promise<number> {
    const resolved = await this.db.selectFrom('accounts').select('resolved_issues_count').where('id', '=', accountId).executeTakeFirst();
    return Number(resolved?.resolved_issues_count ?? 0);
  }
}
