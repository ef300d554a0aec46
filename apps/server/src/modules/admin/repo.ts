/**
 * The admin console's reads: kept figures (post_stats, post_cells) and the audit log. Every query
 * reads an index range or a kept counter. The export's batches are the posts module's (PostReads).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../../db/types.js';

export type AuditRow = Selectable<AuditLogTable>;

export interface StatRow {
  key: string;
  n: number;
}

export class AdminRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** Several whole figures in one read (small dimensions: progress, priority, state, the time buckets). */
  async stats(dims: string[], from?: string): Promise<Array<StatRow & { dim: string }>> {
    let q = this.db.selectFrom('post_stats').select(['dim', 'key', 'n']).where('dim', 'in', dims).where('n', '!=', 0);
    if (from !== undefined) q = q.where('key', '>=', from);
    const rows = await q.execute();
    return rows.map((r) => ({ dim: r.dim, key: r.key, n: Number(r.n) }));
  }

  /**
   * Open reports per priority created on a day before `cut7` (and before `cut30`), summed in the
   * database over the open_day figure's rows (`<priority>|<day>`, one per priority and day).
   */
  async openOlderThan(cut7: string, cut30: string): Promise<Array<{ priority: string; over7: number; over30: number }>> {
    const day = sql<string>`substr(${sql.ref('key')}, length(${sql.ref('key')}) - 9)`;
    const rows = await this.db
      .selectFrom('post_stats')
      .select([
        sql<string>`substr(${sql.ref('key')}, 1, length(${sql.ref('key')}) - 11)`.as('priority'),
        sql<number | string>`sum(n)`.as('over7'),
        sql<number | string>`sum(case when ${day} < ${cut30} then n else 0 end)`.as('over30'),
      ])
      .where('dim', '=', 'open_day')
      .where(day, '<', cut7)
      .groupBy(sql`substr(${sql.ref('key')}, 1, length(${sql.ref('key')}) - 11)`)
      .execute();
    return rows.map((r) => ({ priority: r.priority, over7: Number(r.over7), over30: Number(r.over30) }));
  }

  /** The per-department time buckets of some departments: one read of a few key ranges. */
  async departmentBuckets(ids: string[]): Promise<Array<StatRow & { dim: string }>> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('post_stats')
      .select(['dim', 'key', 'n'])
      .where('dim', 'in', ['take_dept', 'finish_dept'])
      .where((eb) => eb.or(ids.map((id) => eb.and([eb('key', '>=', `${id}|`), eb('key', '<', `${id}}`)]))))
      .where('n', '!=', 0)
      .execute();
    return rows.map((r) => ({ dim: r.dim, key: r.key, n: Number(r.n) }));
  }

  /** Open reports per cell of one grid level inside a cell range (post_cells primary key range, in key order). */
  async cells(level: number, box: { x0: number; x1: number; y0: number; y1: number }, limit: number) {
    const rows = await this.db
      .selectFrom('post_cells')
      .select(['cx', 'cy', 'n'])
      .where('level', '=', level)
      .where('cx', '>=', box.x0)
      .where('cx', '<=', box.x1)
      .where('cy', '>=', box.y0)
      .where('cy', '<=', box.y1)
      .where('n', '>', 0)
      // The level was chosen so the box holds at most `limit` cells: the limit only guards.
      .limit(limit)
      .execute();
    return rows.map((r) => ({ cx: Number(r.cx), cy: Number(r.cy), n: Number(r.n) }));
  }

  /** The audit log, newest first (ids are time-ordered); one actor's entries on audit_log_actor. */
  audit(after: string | null, limit: number, actor?: string): Promise<AuditRow[]> {
    let q = this.db.selectFrom('audit_log').selectAll();
    if (actor !== undefined) q = q.where('actor_id', '=', actor);
    if (after) q = q.where('id', '<', after);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }
}
