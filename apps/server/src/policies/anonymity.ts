/**
 * Anonymous reports: who may see the reporter of a report filed with the name hidden, and who decides
 * per category whether residents may hide it. Pure: the presenters ask `mayIdentifyReporter` for each
 * report and viewer and, when it says no, show "A resident" without any id, email or photo.
 */
import { ADMIN, departmentOf, gate, type Actor } from './rule.js';

/** What the rule reads of a post row. */
export interface ReporterSubject {
  author_id: string;
  /** 1: the reporter hid their name (migration 027). */
  anonymous: number;
  assigned_government: string | null;
}

/**
 * Whether `viewer` (null: no account, or the public pages) sees who filed `post`. A report with the name
 * shown: everyone. An anonymous one: its reporter, the admins, and the department it is assigned to (the
 * department account or any member of its team, departmentOf); never a department it is only routed to,
 * nor one that released or transferred it.
 */
export function mayIdentifyReporter(viewer: Actor | null, post: ReporterSubject): boolean {
  if (post.anonymous !== 1) return true;
  if (!viewer) return false;
  if (viewer.id === post.author_id || viewer.role === 'admin') return true;
  return viewer.role === 'government' && post.assigned_government !== null && departmentOf(viewer) === post.assigned_government;
}

export const anonymityRules = {
  /** Per category: whether residents may hide their name on a report. */
  'category.editAnonymity': gate(ADMIN),
};
