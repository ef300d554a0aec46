/**
 * Service levels, escalation and department figures (issue 16 items 6 and 7).
 *
 * Owns: the level that applies to a (category, priority) (an admin's stored override, else the
 * packages/shared default), the admins' edits (validated, audited, and recomputing the due times of
 * the open reports they touch, a bounded range at a time), the sweep that marks reports overdue and
 * escalated and notifies their department and the admins in the same transaction, and the public
 * department figures and per-city ranking. The clock rule itself (slaStageAt, nextDueAt) is pure, in
 * packages/shared.
 */
import {
  CATEGORY_CODES,
  DEFAULT_SERVICE_LEVELS,
  PRIORITIES,
  PROFILE_TEXTS,
  SERVICE_LEVEL_LIMITS,
  SERVICE_LEVEL_TEXTS,
  TEXTS,
  cityKey,
  dueTimes,
  isCategory,
  nextDueAt,
  serviceLevelProblem,
  slaStageAt,
  type Category,
  type DepartmentMetrics,
  type LevelHours,
  type NotificationType,
  type Priority,
  type RankingAnswer,
  type ServiceLevel,
  type SlaStage,
  type SlaSubject,
} from '@civicpulse/shared';
import { auditEvent } from '../../events/audit.js';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import type { Clock } from '../../lib/clock.js';
import { isoAt } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/paging.js';
import type { AccountRow, SlaRow } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { PostReads } from '../posts/index.js';
import type { MetricsRow, ServiceLevelsRepo, SlaWrite } from './repo.js';

/** Reports looked at per sweep run, and per recompute transaction. */
export const SLA_SWEEP_BATCH = 200;
export const SLA_RECOMPUTE_BATCH = 500;

const HOUR_MS = 3_600_000;

function subjectOf(row: Pick<SlaRow, 'created_at' | 'response_due_at' | 'resolution_due_at' | 'progress_state'>): SlaSubject | null {
  if (!row.response_due_at || !row.resolution_due_at) return null;
  return { createdAt: row.created_at, responseDueAt: row.response_due_at, resolutionDueAt: row.resolution_due_at, progressState: row.progress_state };
}

const stageOf = (n: number): SlaStage => (n >= 2 ? 2 : n >= 1 ? 1 : 0);

export interface SweepResult {
  /** Reports looked at. */
  checked: number;
  /** Reports that became overdue or escalated in this run. */
  marked: number;
}

export class ServiceLevelsService {
  constructor(
    private readonly repo: ServiceLevelsRepo,
    private readonly accounts: AccountsRepo,
    /** The due and the open reports, with their service-level columns. */
    private readonly posts: Pick<PostReads, 'slaOpen' | 'slaDue'>,
    private readonly clock: Clock,
  ) {}

  /** The level that applies now: the stored override, else the shared default. */
  async levelFor(category: Category, priority: Priority): Promise<LevelHours> {
    const o = await this.repo.override(category, priority);
    return o ? { responseHours: o.response_hours, resolutionHours: o.resolution_hours } : DEFAULT_SERVICE_LEVELS[category][priority];
  }

  /** The due columns of a report filed at `createdAt` (a new report, or one whose category or priority changed). */
  async dueColumns(category: Category, priority: Priority, row: { created_at: string; progress_state: SlaRow['progress_state']; sla_stage?: number }) {
    const level = await this.levelFor(category, priority);
    return this.columnsFor(level, { ...row, sla_stage: row.sla_stage ?? 0 });
  }

  /**
   * Due times under `level`, and what is left to notify. A stage already notified stays unless the
   * new level puts the report back on time (an admin lengthened it): then it is notified again
   * when it really runs late.
   */
  private columnsFor(level: LevelHours, row: { created_at: string; progress_state: SlaRow['progress_state']; sla_stage: number }) {
    const due = dueTimes(Date.parse(row.created_at), level);
    const subject: SlaSubject = { createdAt: row.created_at, ...due, progressState: row.progress_state };
    const stage = stageOf(Math.min(row.sla_stage, slaStageAt(subject, this.clock.now())));
    return { response_due_at: due.responseDueAt, resolution_due_at: due.resolutionDueAt, sla_stage: stage, sla_next_at: nextDueAt(subject, stage) };
  }

  /** What to store after a progress move: the next time the sweeper must look (the response level stops at take-over, both at Finished). */
  nextAfterMove(row: Pick<SlaRow, 'created_at' | 'response_due_at' | 'resolution_due_at' | 'sla_stage'>, to: SlaRow['progress_state']): string | null {
    const subject = subjectOf({ ...row, progress_state: to });
    return subject ? nextDueAt(subject, stageOf(row.sla_stage)) : null;
  }

  async list(): Promise<ServiceLevel[]> {
    const stored = new Map((await this.repo.overrides()).map((o) => [`${o.category}/${o.priority}`, o]));
    return CATEGORY_CODES.flatMap((category) =>
      PRIORITIES.map((priority) => {
        const o = stored.get(`${category}/${priority}`);
        const d = DEFAULT_SERVICE_LEVELS[category][priority];
        return {
          category,
          priority,
          responseHours: o ? o.response_hours : d.responseHours,
          resolutionHours: o ? o.resolution_hours : d.resolutionHours,
          isDefault: !o,
          updatedAt: o?.updated_at ?? null,
        };
      }),
    );
  }

  /** An admin's edit: validated, stored with its audit entry, then the open reports it governs recomputed. */
  async update(admin: AccountRow, body: { category?: unknown; priority?: unknown; responseHours?: unknown; resolutionHours?: unknown }) {
    if (!isCategory(body.category)) throw badRequest(SERVICE_LEVEL_TEXTS.invalidCategory);
    if (!(PRIORITIES as readonly unknown[]).includes(body.priority)) throw badRequest(SERVICE_LEVEL_TEXTS.invalidPriority);
    const priority = body.priority as Priority;
    const problem = serviceLevelProblem(body.responseHours, body.resolutionHours);
    if (problem) throw badRequest(problem);
    const category = body.category;
    const level = { responseHours: body.responseHours as number, resolutionHours: body.resolutionHours as number };
    const before = await this.levelFor(category, priority);
    const now = isoAt(this.clock.now());
    const events = new EventList().add(
      auditEvent(admin, 'editServiceLevel', {
        type: 'serviceLevel',
        id: `${category}/${priority}`,
        label: `${category} ${priority}: response ${before.responseHours} h → ${level.responseHours} h, resolution ${before.resolutionHours} h → ${level.resolutionHours} h`,
      }),
    );
    await this.repo.saveLevel(
      { category, priority, response_hours: level.responseHours, resolution_hours: level.resolutionHours, updated_by: admin.id, updated_at: now },
      events,
    );
    const recomputed = await this.recompute(category, priority, level);
    const saved = (await this.list()).find((l) => l.category === category && l.priority === priority)!;
    return { message: SERVICE_LEVEL_TEXTS.saved, level: saved, recomputed };
  }

  /**
   * New due times for every open report of a (category, priority), SLA_RECOMPUTE_BATCH reports per
   * transaction along posts_sla_open: no transaction and no read grows with the table.
   */
  private async recompute(category: Category, priority: Priority, level: LevelHours): Promise<number> {
    let after = '';
    let total = 0;
    for (;;) {
      const rows = await this.posts.slaOpen(category, priority, after, SLA_RECOMPUTE_BATCH);
      if (rows.length === 0) break;
      const writes: SlaWrite[] = rows.map((r) => ({
        id: r.id,
        expect: { progressState: r.progress_state, slaStage: r.sla_stage, slaNextAt: r.sla_next_at },
        set: this.columnsFor(level, r),
      }));
      total += (await this.repo.applySla(writes)).length;
      after = rows[rows.length - 1]!.id;
      if (rows.length < SLA_RECOMPUTE_BATCH) break;
    }
    return total;
  }

  /**
   * One sweep: the reports whose next service-level time has passed (at most SLA_SWEEP_BATCH, by the
   * index), each marked overdue (past a level) or escalated (past twice a level) once, with a
   * notification to its department and to every admin stored in the same transaction. A report a
   * progress move changed meanwhile is skipped (compare-and-set) and looked at next run.
   */
  async sweepOnce(): Promise<SweepResult> {
    const nowMs = this.clock.now();
    const rows = await this.posts.slaDue(isoAt(nowMs), SLA_SWEEP_BATCH);
    if (rows.length === 0) return { checked: 0, marked: 0 };
    const admins = await this.repo.adminIds();
    const writes: SlaWrite[] = [];
    let marked = 0;
    for (const row of rows) {
      const subject = subjectOf(row);
      const expect = { progressState: row.progress_state, slaStage: row.sla_stage, slaNextAt: row.sla_next_at };
      if (!subject) {
        writes.push({ id: row.id, expect, set: { sla_stage: row.sla_stage, sla_next_at: null } });
        continue;
      }
      const notified = stageOf(row.sla_stage);
      const reached = slaStageAt(subject, nowMs);
      const stage = reached > notified ? reached : notified;
      const events = new EventList();
      if (reached > notified) {
        marked += 1;
        const type: NotificationType = reached === 2 ? 'escalated' : 'overdue';
        const facts = { post: { id: row.id, caption: row.caption }, toState: row.progress_state, reason: lateReason(subject, nowMs) };
        for (const recipient of [row.assigned_government, ...admins]) for (const e of notifyEvent(recipient, type, null, facts)) events.add(e);
      }
      writes.push({ id: row.id, expect, set: { sla_stage: stage, sla_next_at: nextDueAt(subject, stage) }, events });
    }
    await this.repo.applySla(writes);
    return { checked: rows.length, marked };
  }

  // ---- department figures ----

  /** A department's figures; zeros before its first take-over; 404 for anything that is no department. */
  async metrics(departmentId: string): Promise<DepartmentMetrics & { rank: number | null }> {
    const row = await this.repo.metricsOf(departmentId);
    if (row) {
      // Departments above it in its city: one range of the ranking index.
      const rank = row.score !== null && row.city_key !== '' ? await this.repo.rankOf(row.city_key, Number(row.score), row.department_id) : null;
      return { ...presentMetrics(row), rank };
    }
    const account = await this.accounts.findById(departmentId);
    if (!account || account.role !== 'government') throw notFound(PROFILE_TEXTS.notFound);
    return { ...presentMetrics(emptyMetrics(account)), rank: null };
  }

  async ranking(city: string | undefined, cursor: string | undefined, limit: number = SERVICE_LEVEL_LIMITS.rankingPageDefault): Promise<RankingAnswer> {
    const parts = decodeCursor(cursor);
    let after: [number, string] | null = null;
    let rankBefore = 0;
    if (parts) {
      const [score, id, rank] = parts;
      const ok = parts.length === 3 && Number.isInteger(score) && (score as number) >= 0 && (score as number) <= 1000 && typeof id === 'string' && /^[0-9a-f]{24}$/.test(id) && Number.isInteger(rank) && (rank as number) >= 0 && (rank as number) <= 1e9;
      if (!ok) throw badRequest(TEXTS.http.invalidCursor);
      after = [score as number, id as string];
      rankBefore = rank as number;
    }
    if (city?.includes('\u0000')) throw badRequest(SERVICE_LEVEL_TEXTS.invalidCity);
    const cities = parts ? undefined : await this.repo.cities(SERVICE_LEVEL_LIMITS.citiesMax);
    // No city asked: the first city with ranked departments.
    const key = city !== undefined && city.trim() !== '' ? cityKey(city) : (cities?.[0] ?? '');
    const rows = await this.repo.ranking(key, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      city: key,
      ...(cities ? { cities } : {}),
      departments: page.map((r, i) => ({ ...presentMetrics(r), rank: rankBefore + i + 1 })),
      nextCursor: rows.length > limit && last ? encodeCursor([last.score ?? 0, last.department_id, rankBefore + page.length]) : null,
    };
  }
}

function lateReason(s: SlaSubject, nowMs: number): string {
  const created = Date.parse(s.createdAt);
  const hours = (dueAt: string) => Math.round((Date.parse(dueAt) - created) / HOUR_MS);
  if (s.progressState === 'Unseen' && nowMs > Date.parse(s.responseDueAt)) return `not taken over within ${hours(s.responseDueAt)} h`;
  return `not finished within ${hours(s.resolutionDueAt)} h`;
}

function emptyMetrics(account: AccountRow): MetricsRow {
  return {
    department_id: account.id,
    name: account.name,
    city: account.city,
    city_key: cityKey(account.city),
    taken_count: 0,
    taken_within: 0,
    response_seconds: 0,
    finished_count: 0,
    finished_within: 0,
    resolution_seconds: 0,
    rating_count: 0,
    satisfied_count: 0,
    neutral_count: 0,
    unsatisfied_count: 0,
    score: null,
    updated_at: '',
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function presentMetrics(r: MetricsRow): DepartmentMetrics {
  const taken = Number(r.taken_count);
  const finished = Number(r.finished_count);
  const ratings = Number(r.rating_count);
  const satisfied = Number(r.satisfied_count);
  const neutral = Number(r.neutral_count);
  return {
    departmentId: r.department_id,
    name: r.name,
    city: (r.city ?? '').trim(),
    takenOver: taken,
    responseHoursAvg: taken ? round(Number(r.response_seconds) / taken / 3600, 4) : null,
    responseWithinShare: taken ? round(Number(r.taken_within) / taken, 4) : null,
    finished,
    resolutionHoursAvg: finished ? round(Number(r.resolution_seconds) / finished / 3600, 4) : null,
    withinLevelShare: finished ? round(Number(r.finished_within) / finished, 4) : null,
    ratings,
    satisfied,
    neutral,
    notSatisfied: Number(r.unsatisfied_count),
    satisfaction: ratings ? round((satisfied + neutral / 2) / ratings, 4) : null,
    score: r.score === null ? null : Number(r.score) / 10,
  };
}
