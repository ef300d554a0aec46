/**
 * Transfers and appeals (department teams): who may hand a report to another department (or the admin's
 * triage), who may appeal against a fix, and who answers an appeal. Pure, like every rule here.
 */
import { PROGRESS_TEXTS, TEAM_LIMITS, TEAM_TEXTS, type ProgressState } from '@civicpulse/shared';
import { conflict, forbidden } from '../lib/errors.js';
import { ADMIN, ALL_ROLES, CITIZEN, GOVERNMENT, departmentOf, gate, isHead, type Rule } from './rule.js';

export interface TransferSubject {
  post: { progress_state: ProgressState; assigned_government: string | null; assigned_officer: string | null };
  /** The report is on the actor's department's View Issues (routed there, taken by nobody). */
  routed: boolean;
}

export interface AppealFacts {
  post: { author_id: string; assigned_government: string | null };
  rejections: number;
  notSatisfied: boolean;
  /** The report's appeal, if it has one. */
  appeal: { status: string; handler: string; department_id: string | null } | null;
}

export interface AnswerSubject {
  appeal: { status: string; handler: string; department_id: string | null };
}

export const caseworkRules = {
  /**
   * A department hands on a report that is not its own: the one holding it (an officer only while it is
   * theirs or nobody's), or one it is routed to before anyone took it; never once the reporter is asked
   * to verify or it is finished.
   */
  'progress.transfer': {
    roles: GOVERNMENT,
    check: (actor, { post, routed }) => {
      if (actor.is_verified !== 1) return forbidden(PROGRESS_TEXTS.pendingVerification);
      if (post.progress_state === 'Finished' || post.progress_state === 'Waiting for User Verification') return conflict(TEAM_TEXTS.transferNotNow);
      const dept = departmentOf(actor);
      if (post.assigned_government === dept) {
        return post.assigned_officer && post.assigned_officer !== actor.id && !isHead(actor) ? forbidden(TEAM_TEXTS.assignedToOther) : null;
      }
      return post.assigned_government === null && routed ? null : forbidden(TEAM_TEXTS.transferNotYours);
    },
  } satisfies Rule<TransferSubject>,
  /** The admin's triage queue: reading it and sending a report on to a department. */
  'admin.triage': gate(ADMIN),
  /** The reporter appeals, once, after two rejected fixes or a "Not satisfied" rating. */
  'appeal.create': {
    roles: CITIZEN,
    check: (actor, { post, rejections, notSatisfied, appeal }) => {
      if (actor.id !== post.author_id) return forbidden(PROGRESS_TEXTS.onlyAuthor);
      if (appeal) return conflict(TEAM_TEXTS.appealExists);
      if (post.assigned_government === null) return conflict(TEAM_TEXTS.appealNotAllowed);
      return rejections >= TEAM_LIMITS.appealAfterRejections || notSatisfied ? null : conflict(TEAM_TEXTS.appealNotAllowed);
    },
  } satisfies Rule<AppealFacts>,
  /** The department's head answers (an admin for a department without members); an admin may always. */
  'appeal.answer': {
    roles: [...GOVERNMENT, ...ADMIN],
    check: (actor, { appeal }) => {
      if (appeal.status !== 'open') return conflict(TEAM_TEXTS.appealAnswered);
      if (actor.role === 'admin') return null;
      return appeal.handler === 'head' && isHead(actor) && departmentOf(actor) === appeal.department_id ? null : forbidden(TEAM_TEXTS.appealNotYours);
    },
  } satisfies Rule<AnswerSubject>,
  /** A report's appeal: its reporter, the department's members and admins. */
  'appeal.read': {
    roles: ALL_ROLES,
    check: (actor, { post }: { post: { author_id: string; assigned_government: string | null } }) =>
      actor.role === 'admin' || actor.id === post.author_id || (actor.role === 'government' && post.assigned_government === departmentOf(actor)) ? null : forbidden(TEAM_TEXTS.appealNotYours),
  } satisfies Rule<{ post: { author_id: string; assigned_government: string | null } }>,
  /** A department's open appeals; the verified departments one may transfer to. */
  'appeal.listOwn': gate(GOVERNMENT),
  'department.directory': gate(GOVERNMENT),
};
