/**
 * The shape of one authorization rule. A rule answers two questions: at the route (no subject
 * loaded yet), may this kind of caller call it at all; and, once the service has loaded what the
 * action is about, may this caller do it to that. Rules are pure: they read only the actor and the
 * subject they are given, never the database, so they are tested as a table without HTTP.
 */
import { TEXTS, type Role } from '@civicpulse/shared';
import { forbidden, type HttpError } from '../lib/errors.js';

/** The signed-in account as a policy sees it (an AccountRow fits; anonymous callers are null). */
export interface Actor {
  id: string;
  role: Role;
  /** 1 once an admin verified a department's proof; read only for departments. */
  is_verified?: number;
  /** An officer's department (the head account's id); null or absent for a department itself. */
  department_id?: string | null;
  /** 'head' | 'officer' for an invited member; a department account is its own head. */
  team_role?: string | null;
}

/** The department a government actor acts for: its own account, or the one it is a member of. */
export const departmentOf = (actor: Actor): string => actor.department_id ?? actor.id;

/** The department account itself, or a member invited as head. */
export const isHead = (actor: Actor): boolean => actor.role === 'government' && (!actor.department_id || actor.team_role === 'head');

export const ALL_ROLES: readonly Role[] = ['user', 'government', 'admin'];
export const CITIZEN: readonly Role[] = ['user'];
export const GOVERNMENT: readonly Role[] = ['government'];
export const ADMIN: readonly Role[] = ['admin'];

export interface Rule<S> {
  /** Who may do it at all; also who passes the route's guard unless `guard` says otherwise. */
  roles: readonly Role[];
  /**
   * Who passes the route's guard (403 "You do not have permission to do that" for the others), when
   * the route lets more roles through than the rule (the service then refuses in its own words).
   */
  guard?: readonly Role[];
  /**
   * The refusal for a role outside `roles` once the subject is known, where the service answered in
   * its own words (the live connection's chat, the progress workflow); the guard's text otherwise.
   */
  refuse?: (actor: Actor) => HttpError;
  /** The ownership and state rule over the loaded subject: the refusal, or null when allowed. */
  check?: (actor: Actor, subject: S) => HttpError | null;
}

/** A rule of the route guard only: the role decides, there is nothing to load. */
export const gate = (roles: readonly Role[]): Rule<Record<string, never>> => ({ roles });

export const guardRefusal = (): HttpError => forbidden(TEXTS.auth.forbidden);
