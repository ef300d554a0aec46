/**
 * Department jurisdictions (issue 16 items 3-5). The matching rule is the shared matchesJurisdiction;
 * this service keeps the routing table (post_routes) in step with it:
 * - a new report is routed (and its verified departments notified) in its create transaction;
 * - a report taken over leaves every list; released, it is routed again (PostsRepo.applyProgress);
 * - an edited report is routed afresh; a deleted one cascades;
 * - a changed jurisdiction re-routes that department's reports in bounded batches.
 * Candidates come from the jurisdiction_keys index (per state, pincode, city, area), so filing a report
 * never reads every department.
 */
import {
  JURISDICTION_LIMITS,
  JURISDICTION_TEXTS,
  jurisdictionKeys,
  matchesJurisdiction,
  reportKeys,
  validateJurisdiction,
  type Jurisdiction,
  type RoutableReport,
} from '@civicpulse/shared';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AccountRow } from '../../db/rows.js';
import { EventList } from '../../events/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { auditEvent } from '../../events/audit.js';
import type { PostReads } from '../posts/index.js';
import { jurisdictionOf, type JurisdictionsRepo } from './repo.js';

export interface RouteMatch {
  departmentId: string;
  verified: boolean;
}

/** What PostsService and ProgressService ask when a report is filed, edited or released. */
export interface ReportRouter {
  matches(report: RoutableReport): Promise<RouteMatch[]>;
}

export class JurisdictionsService implements ReportRouter {
  constructor(
    private readonly repo: JurisdictionsRepo,
    /** The open, unassigned reports to route again. */
    private readonly posts: Pick<PostReads, 'openInState' | 'openAmong'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A department's jurisdiction, or null when it declared none. Public: it says where an office works. */
  async get(departmentId: string): Promise<Jurisdiction | null> {
    const row = await this.repo.find(departmentId);
    return row ? jurisdictionOf(row) : null;
  }

  async publicGet(departmentId: string): Promise<Jurisdiction | null> {
    if (!(await this.repo.isDepartment(departmentId))) throw notFound(JURISDICTION_TEXTS.notFound);
    return this.get(departmentId);
  }

  async declared(departmentId: string): Promise<boolean> {
    return (await this.repo.find(departmentId)) !== undefined;
  }

  /**
   * Declares (or replaces) a jurisdiction: by the department itself, or by an admin (audited). The
   * department's routes are then rebuilt: removed in batches, and the open, unassigned reports of its
   * state read in id order, JURISDICTION_LIMITS.rerouteBatch at a time, with the event loop free between.
   */
  async save(actor: AccountRow, departmentId: string, input: unknown): Promise<{ jurisdiction: Jurisdiction; rerouted: number }> {
    const checked = validateJurisdiction(input);
    if (!checked.ok) throw badRequest(checked.message);
    const j = checked.value;
    if (!(await this.repo.isDepartment(departmentId))) throw notFound(JURISDICTION_TEXTS.notFound);
    const events = new EventList();
    if (actor.role === 'admin') {
      events.add(auditEvent(actor, 'editJurisdiction', { type: 'government', id: departmentId, label: `${j.state}: ${j.cities.concat(j.pincodes).join(', ').slice(0, 200)}` }));
    }
    await this.repo.save(departmentId, j, jurisdictionKeys(j), isoAt(this.clock.now()), events);
    const rerouted = await this.reroute(departmentId, j);
    return { jurisdiction: j, rerouted };
  }

  private async reroute(departmentId: string, j: Jurisdiction): Promise<number> {
    const batch = JURISDICTION_LIMITS.rerouteBatch;
    while ((await this.repo.clearRoutes(departmentId, batch)) === batch) await yieldToEventLoop();
    let after = '';
    let routed = 0;
    for (;;) {
      const rows = await this.posts.openInState(j.state, after, batch);
      const pairs = rows.filter((r) => matchesJurisdiction(j, r)).map((r) => ({ department_id: departmentId, post_id: r.id }));
      await this.repo.addRoutes(pairs);
      routed += pairs.length;
      if (rows.length < batch) break;
      after = rows[rows.length - 1]!.id;
      await yieldToEventLoop();
    }
    return routed;
  }

  /**
   * Routes reports that became open and unassigned outside a progress move (a deleted department's,
   * released by the deletion), in slices.
   */
  async routeReleased(postIds: string[]): Promise<void> {
    for (let i = 0; i < postIds.length; i += JURISDICTION_LIMITS.rerouteBatch) {
      const rows = await this.posts.openAmong(postIds.slice(i, i + JURISDICTION_LIMITS.rerouteBatch));
      const pairs = [];
      for (const r of rows) for (const m of await this.matches(r)) pairs.push({ department_id: m.departmentId, post_id: r.id });
      await this.repo.addRoutes(pairs);
    }
  }

  /** The departments whose jurisdiction and categories take this report (candidates from the key index). */
  async matches(report: RoutableReport): Promise<RouteMatch[]> {
    const candidates = await this.repo.candidates(reportKeys(report));
    return candidates
      .filter((c) => matchesJurisdiction(jurisdictionOf(c), report))
      .map((c) => ({ departmentId: c.department_id, verified: c.is_verified === 1 }));
  }
}

/** Which matched departments hear of a report: verified ones, at most JURISDICTION_LIMITS.notifyMax. */
export function toNotify(matches: RouteMatch[]): string[] {
  return matches.filter((m) => m.verified).slice(0, JURISDICTION_LIMITS.notifyMax).map((m) => m.departmentId);
}
