/**
 * The admin console's reads: kept figures (post_stats, post_cells), the audit log and export
 * batches. Every query reads an index range or a kept counter; none grows with the posts table
 * except the export, which walks it in bounded keyset batches.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Priority, ProgressState } from '@civicpulse/shared';
import type { AuditLogTable, DB } from '../../db/types.js';

export type AuditRow = Selectable<AuditLogTable>;

export interface StatRow {
  key: string;
  n: number;
}

export interface ExportRow {
  id: string;
  caption: string;
  priority: Priority;
  progress_state: ProgressState;
  current_state: string;
  state: string;
  address: string;
  landmark: string;
  pincode: string;
  lat: number;
  lng: number;
  upvote_count: number;
  downvote_count: number;
  comment_count: number;
  created_at: string;
  resolved_at: string | null;
  assigned_government: string | null;
  department_name: string | null;
}

export interface ExportFilter {
  priority?: Priority | undefined;
  progressState?: ProgressState | undefined;
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

  /** The audit log, newest first (ids are time-ordered). */
  audit(after: string | null, limit: number): Promise<AuditRow[]> {
    let q = this.db.selectFrom('audit_log').selectAll();
    if (after) q = q.where('id', '<', after);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  /** One export batch, newest first, after the keyset position `after`, with the department's name. */
  async exportBatch(filter: ExportFilter, after: string | null, limit: number): Promise<ExportRow[]> {
    let q = this.db
      .selectFrom('posts')
      .leftJoin('accounts as dept', 'dept.id', 'posts.assigned_government')
      .select([
        'posts.id',
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
}
