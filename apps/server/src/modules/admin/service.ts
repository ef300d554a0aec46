/**
 * The admin console's rules: who may be verified, revoked or deleted, and what goes with a
 * deletion; the figures of the admin home from kept counters. Every write carries its audit entry
 * in the same transaction (EventList → storeEvents) and is emitted after the commit.
 */
import {
  ADMIN_LIMITS,
  ADMIN_TEXTS,
  HEATMAP_SCALES,
  LIMITS,
  PRIORITIES,
  PROGRESS_ORDER,
  TEXTS,
  bucketQuantile,
  heatmapLevel,
  type AdminGovernment,
  type AdminMe,
  type AdminStats,
  type AdminUser,
  type AuditEntry,
  type Bbox,
  type Heatmap,
  type Timing,
} from '@civicpulse/shared';
import { auditEvent } from '../../events/audit.js';
import { EventList } from '../../events/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { notifyEvent } from '../../events/notifications.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { authorize } from '../../policies/index.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, encodeCursor } from '../../lib/paging.js';
import type { Storage, StoredStream } from '../../media/storage.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { AccountRow, ExportRow } from '../../db/rows.js';
import type { ExportFilter, PostReads } from '../posts/index.js';
import type { AdminRepo, StatRow } from './repo.js';
import { presentAdminGovernment, presentAdminMe, presentAdminUser, presentAuditEntry } from './presenter.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function oneString(parts: ReturnType<typeof decodeCursor>): string | null {
  if (!parts) return null;
  if (parts.length !== 1 || typeof parts[0] !== 'string' || !/^[0-9a-f]{24}$/.test(parts[0])) throw badRequest(TEXTS.http.invalidCursor);
  return parts[0];
}

function page<R, T>(rows: R[], limit: number, present: (r: R) => T, key: (r: R) => Array<string | number>): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { items: shown.map(present), nextCursor: more ? encodeCursor(key(shown[shown.length - 1]!)) : null };
}

function timing(rows: StatRow[]): Timing {
  const buckets = rows.map((r) => ({ bucket: Number(r.key), n: r.n }));
  return {
    count: buckets.reduce((s, b) => s + b.n, 0),
    medianHours: bucketQuantile(buckets, 0.5),
    p90Hours: bucketQuantile(buckets, 0.9),
  };
}

/** Rows of a per-department figure (`<dept>|<bucket>`) as that department's buckets. */
function departmentRows(rows: StatRow[], id: string): StatRow[] {
  const prefix = `${id}|`;
  return rows.filter((r) => r.key.startsWith(prefix)).map((r) => ({ key: r.key.slice(prefix.length), n: r.n }));
}

export class AdminService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly repo: AdminRepo,
    /** The export's batches of reports. */
    private readonly posts: Pick<PostReads, 'exportBatch'>,
    private readonly storage: Storage,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Jurisdictions: a deleted department's released reports are routed again. */
    private readonly router?: { routeReleased(postIds: string[]): Promise<void> },
    private readonly clock: Clock = systemClock,
  ) {}

  async users(query: { q?: string | undefined; role?: AccountRow['role'] | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<Page<AdminUser>> {
    const after = oneString(decodeCursor(query.cursor));
    const limit = query.limit ?? LIMITS.unpagedListMax;
    const rows = await this.accounts.list({ role: query.role, q: query.q?.trim() || undefined, after, limit: limit + 1 });
    return page(rows, limit, presentAdminUser, (r) => [r.id]);
  }

  async governments(
    query: { q?: string | undefined; status?: 'pending' | 'verified' | undefined; cursor?: string | undefined; limit?: number | undefined },
    origin: string,
  ): Promise<Page<AdminGovernment>> {
    const parts = decodeCursor(query.cursor);
    let after: [number, string] | null = null;
    if (parts) {
      const [verified, id] = parts;
      if (parts.length !== 2 || (verified !== 0 && verified !== 1) || typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) {
        throw badRequest(TEXTS.http.invalidCursor);
      }
      after = [verified, id];
    }
    const limit = query.limit ?? LIMITS.unpagedListMax;
    const rows = await this.accounts.listGovernments({
      verified: query.status === undefined ? undefined : query.status === 'verified',
      q: query.q?.trim() || undefined,
      after,
      limit: limit + 1,
    });
    return page(rows, limit, (r) => presentAdminGovernment(r, origin), (r) => [r.is_verified, r.id]);
  }

  private async government(id: string): Promise<AccountRow> {
    const account = await this.accounts.findById(id);
    if (!account || account.role !== 'government' || account.department_id) throw notFound(TEXTS.http.governmentNotFound);
    return account;
  }

  /**
   * Idempotent for the spec's client: verifying a verified department answers the same message. The
   * write is a compare-and-set on the flag, so of simultaneous verifications exactly one stores the
   * audit entry and the notification; the others are that idempotent 200.
   */
  async verify(admin: AccountRow, id: string): Promise<void> {
    const account = await this.government(id);
    if (account.is_verified === 1) return;
    const events = new EventList().add(auditEvent(admin, 'verifyGovernment', { type: 'government', id, label: `${account.name} <${account.email}>` }));
    for (const e of notifyEvent(id, 'accountVerified', admin)) events.add(e);
    if (!(await this.accounts.setVerified(id, 0, { revoked_reason: null, updated_at: isoAt(this.clock.now()) }, events))) {
      // Verified by a simultaneous request meanwhile (idempotent), unless it was deleted.
      await this.government(id);
    }
  }

  /**
   * The department keeps the reports it holds but cannot move any until verified again (progress rules).
   * A compare-and-set like verify: of simultaneous revocations one writes, the others answer 409.
   */
  async unverify(admin: AccountRow, id: string, reason: string): Promise<void> {
    const account = await this.government(id);
    authorize(admin, 'admin.unverifyGovernment', { government: account });
    const events = new EventList().add(
      auditEvent(admin, 'unverifyGovernment', { type: 'government', id, label: `${account.name} <${account.email}>` }, reason),
    );
    for (const e of notifyEvent(id, 'accountRevoked', admin, { reason: reason.trim() })) events.add(e);
    if (!(await this.accounts.setVerified(id, 1, { revoked_reason: reason.trim(), updated_at: isoAt(this.clock.now()) }, events))) {
      await this.government(id);
      throw conflict(ADMIN_TEXTS.notVerified);
    }
  }

  async deleteUser(admin: AccountRow, id: string, reason?: string): Promise<void> {
    const account = await this.accounts.findById(id);
    if (!account || account.role === 'government') throw notFound(ADMIN_TEXTS.userNotFound);
    await this.deleteAccount(admin, account, account.role === 'admin' ? 'admin' : 'user', 'deleteUser', reason);
  }

  async deleteGovernment(admin: AccountRow, id: string, reason?: string): Promise<void> {
    const account = await this.government(id);
    await this.deleteAccount(admin, account, 'government', 'deleteGovernment', reason);
  }

  private async deleteAccount(
    admin: AccountRow,
    account: AccountRow,
    type: 'user' | 'government' | 'admin',
    action: 'deleteUser' | 'deleteGovernment',
    reason: string | undefined,
  ): Promise<void> {
    authorize(admin, 'admin.deleteAccount', { account });
    const events = new EventList()
      .add(auditEvent(admin, action, { type, id: account.id, label: `${account.name} <${account.email}>` }, reason))
      .add({ type: 'sessionsEnded', accountId: account.id });
    const now = isoAt(this.clock.now());
    const deleted = await this.accounts.deleteCascade(
      account,
      {
        actor_id: admin.id,
        actor_name: admin.name,
        actor_role: 'admin',
        note: reason?.trim() || null,
        final_caption: null,
        created_at: now,
      },
      () => newId(),
      events,
    );
    if (deleted === 'lastAdmin') throw conflict(ADMIN_TEXTS.lastAdmin);
    if (deleted === 'kept') throw conflict(ADMIN_TEXTS.formerResidentsKept);
    // Deleted by a simultaneous request: that one stored the audit entry and removes the files.
    if (deleted === 'gone') throw notFound(type === 'government' ? TEXTS.http.governmentNotFound : ADMIN_TEXTS.userNotFound);
    if (deleted.releasedIds.length) await this.router?.routeReleased(deleted.releasedIds);
    // After the commit: a file that cannot be removed now is an orphan the media sweep removes later.
    const results = await Promise.allSettled(deleted.fileKeys.map((key) => this.storage.delete(key)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed) this.log.warn({ account: account.id, failed }, 'some files of a deleted account were left for the sweep');
  }

  /** A department's proof document: for admins and for that department itself, nobody else. */
  async proofDocument(viewer: AccountRow, id: string): Promise<StoredStream & { type: string }> {
    authorize(viewer, 'government.proofDocument', { departmentId: id });
    const account = await this.accounts.findById(id);
    if (!account || account.role !== 'government' || !account.proof_doc_key) throw notFound(ADMIN_TEXTS.proofNotFound);
    const file = await this.storage.stream(account.proof_doc_key);
    if (!file) throw notFound(ADMIN_TEXTS.proofNotFound);
    return { ...file, type: account.proof_doc_type ?? 'application/octet-stream' };
  }

  /** The signed-in admin's own account, as the route guard read it (no second read). */
  me(account: AccountRow): AdminMe {
    authorize(account, 'admin.read', {});
    return presentAdminMe(account);
  }

  async audit(query: { cursor?: string | undefined; limit?: number | undefined; actor?: string | undefined }): Promise<Page<AuditEntry>> {
    const after = oneString(decodeCursor(query.cursor));
    const limit = query.limit ?? LIMITS.feedPageSize;
    const rows = await this.repo.audit(after, limit + 1, query.actor?.trim() || undefined);
    return page(rows, limit, presentAuditEntry, (r) => [r.id]);
  }

  /** Every figure from kept counters: a few hundred rows read, whatever the number of reports. */
  async stats(now = this.clock.now()): Promise<AdminStats> {
    const today = isoDay(now);
    const firstDay = isoDay(now - (ADMIN_LIMITS.statsDays - 1) * DAY_MS);
    const cut7 = isoDay(now - 7 * DAY_MS);
    const cut30 = isoDay(now - 30 * DAY_MS);
    // Six reads, whatever the number of reports or departments (the figures are kept counters).
    const whole = await this.repo.stats(['progress', 'priority', 'state', 'take', 'finish']);
    const recent = await this.repo.stats(['day', 'resolved_day'], firstDay);
    const older = await this.repo.openOlderThan(cut7, cut30);
    const accounts = await this.accounts.countByRole();
    const top = await this.accounts.topGovernments(Math.max(ADMIN_LIMITS.topDepartments, ADMIN_LIMITS.statsDepartments));
    const departments = top.slice(0, ADMIN_LIMITS.statsDepartments);
    const buckets = await this.repo.departmentBuckets(departments.map((d) => d.id));

    const of = (rows: Array<StatRow & { dim: string }>, dim: string): StatRow[] => rows.filter((r) => r.dim === dim);
    const [progress, priority, states, take, finish] = ['progress', 'priority', 'state', 'take', 'finish'].map((d) => of(whole, d)) as [
      StatRow[],
      StatRow[],
      StatRow[],
      StatRow[],
      StatRow[],
    ];
    const days = of(recent, 'day');
    const resolvedDays = of(recent, 'resolved_day');
    const stale = PRIORITIES.map((p) => {
      const row = older.find((o) => o.priority === p);
      return { priority: p, over7Days: row?.over7 ?? 0, over30Days: row?.over30 ?? 0 };
    });
    const byDepartment = departments.map((d) => ({
      _id: d.id,
      authorityName: d.name,
      resolved: Number(d.resolved_issues_count),
      takeOver: timing(departmentRows(of(buckets, 'take_dept'), d.id)),
      finish: timing(departmentRows(of(buckets, 'finish_dept'), d.id)),
    }));

    const count = (rows: StatRow[], key: string) => rows.find((r) => r.key === key)?.n ?? 0;
    const posts = progress.reduce((s, r) => s + r.n, 0);
    const resolved = count(progress, 'Finished');
    const perDay = [];
    for (let t = Date.parse(`${firstDay}T00:00:00.000Z`); isoDay(t) <= today; t += DAY_MS) {
      const day = isoDay(t);
      perDay.push({ day, reported: count(days, day), resolved: count(resolvedDays, day) });
    }
    return {
      totals: { posts, open: posts - resolved, resolved, ...accounts },
      byProgress: PROGRESS_ORDER.map((p) => ({ progressState: p, count: count(progress, p) })),
      byPriority: PRIORITIES.map((p) => ({ priority: p, count: count(priority, p) })),
      byState: states
        .filter((r) => r.n > 0)
        .map((r) => ({ state: r.key, count: r.n }))
        .sort((a, b) => b.count - a.count || a.state.localeCompare(b.state)),
      perDay,
      timeToTakeOver: timing(take),
      timeToFinish: timing(finish),
      byDepartment,
      stale,
      topDepartments: top
        .slice(0, ADMIN_LIMITS.topDepartments)
        .filter((d) => Number(d.resolved_issues_count) > 0)
        .map((d) => ({ _id: d.id, authorityName: d.name, resolvedIssuesCount: Number(d.resolved_issues_count) })),
      generatedAt: new Date(now).toISOString(),
    };
  }

  /** One department's take-over and finish times (its kept buckets). */
  async departmentTimes(id: string): Promise<{ takeOver: Timing; finish: Timing }> {
    const rows = await this.repo.departmentBuckets([id]);
    return {
      takeOver: timing(departmentRows(rows.filter((r) => r.dim === 'take_dept'), id)),
      finish: timing(departmentRows(rows.filter((r) => r.dim === 'finish_dept'), id)),
    };
  }

  /** Open reports per grid cell inside the box, at the finest level that keeps the answer bounded. */
  async heatmap(box: Bbox): Promise<Heatmap> {
    const level = heatmapLevel(box);
    const scale = HEATMAP_SCALES[level]!;
    const cells = await this.repo.cells(
      level,
      {
        x0: Math.floor(box.minLng * scale),
        x1: Math.floor(box.maxLng * scale),
        y0: Math.floor(box.minLat * scale),
        y1: Math.floor(box.maxLat * scale),
      },
      ADMIN_LIMITS.heatmapMaxCells,
    );
    const round = (v: number) => Math.round(v * 1e4) / 1e4;
    return {
      cellSize: 1 / scale,
      cells: cells.map((c) => ({ lat: round((c.cy + 0.5) / scale), lng: round((c.cx + 0.5) / scale), count: c.n })),
    };
  }

  /** Every matching report, newest first, read in bounded batches while the answer streams. */
  async *exportRows(filter: ExportFilter): AsyncGenerator<ExportRow[]> {
    let after: string | null = null;
    for (;;) {
      const rows = await this.posts.exportBatch(filter, after, ADMIN_LIMITS.exportBatch);
      if (rows.length) yield rows;
      if (rows.length < ADMIN_LIMITS.exportBatch) return;
      after = rows[rows.length - 1]!.id;
    }
  }
}
