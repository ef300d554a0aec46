/**
 * Department teams in the authorization policy, as a table without HTTP: the department account (its
 * head), an invited head, two officers of it, another department's officer, a citizen and an admin,
 * over the team's actions and the workflow's moves on reports assigned to one officer or to nobody.
 */
import { describe, expect, it } from 'vitest';
import { PROGRESS_TEXTS, TEAM_TEXTS, TEXTS, INTERNAL_NOTES_TEXTS } from '@civicpulse/shared';
import { refusal, type Action, type Actor, type SubjectOf } from '../src/policies/index.js';

const DEPT = 'g-dept';
const A = {
  head: { id: DEPT, role: 'government', is_verified: 1 },
  deputy: { id: 'g-deputy', role: 'government', is_verified: 1, department_id: DEPT, team_role: 'head' },
  officer: { id: 'g-officer', role: 'government', is_verified: 1, department_id: DEPT, team_role: 'officer' },
  colleague: { id: 'g-colleague', role: 'government', is_verified: 1, department_id: DEPT, team_role: 'officer' },
  foreignOfficer: { id: 'g-foreign', role: 'government', is_verified: 1, department_id: 'g-other', team_role: 'officer' },
  citizen: { id: 'c-1', role: 'user' },
  admin: { id: 'a-1', role: 'admin' },
} as const satisfies Record<string, Actor>;
type Who = keyof typeof A;
const WHO = Object.keys(A) as Who[];

const outcome = <X extends Action>(who: Who, action: X, subject: SubjectOf<X>) => {
  const r = refusal(A[who], action, subject);
  return r ? [r.statusCode, r.message] : 'ok';
};
const table = <X extends Action>(action: X, subject: SubjectOf<X>) => Object.fromEntries(WHO.map((w) => [w, outcome(w, action, subject)]));
const guard = [403, TEXTS.auth.forbidden];
const onlyHead = [403, TEAM_TEXTS.onlyHead];

const post = (officer: string | null) => ({ author_id: 'c-1', progress_state: 'Work Started' as const, assigned_government: DEPT, assigned_officer: officer });

describe('policy: department teams', () => {
  it('team.manage: heads only', () => {
    expect(table('team.manage', {})).toEqual({ head: 'ok', deputy: 'ok', officer: onlyHead, colleague: onlyHead, foreignOfficer: onlyHead, citizen: guard, admin: guard });
  });

  it('team.removeMember: heads, never the department account itself', () => {
    expect(table('team.removeMember', { member: { isDepartment: false } })).toMatchObject({ head: 'ok', deputy: 'ok', officer: onlyHead });
    expect(table('team.removeMember', { member: { isDepartment: true } })).toMatchObject({ head: [403, TEAM_TEXTS.cannotRemoveSelf], deputy: [403, TEAM_TEXTS.cannotRemoveSelf] });
  });

  it('progress moves: the assigned officer and heads; not a colleague, not another department', () => {
    const assigned = table('progress.advance', { post: post('g-officer') });
    expect(assigned).toEqual({
      head: 'ok',
      deputy: 'ok',
      officer: 'ok',
      colleague: [403, TEAM_TEXTS.assignedToOther],
      foreignOfficer: [409, PROGRESS_TEXTS.alreadyTaken],
      citizen: [403, PROGRESS_TEXTS.onlyGovernment],
      admin: [403, PROGRESS_TEXTS.onlyGovernment],
    });
    // Assigned to nobody: any member of the department.
    expect(table('progress.regress', { post: post(null) })).toMatchObject({ head: 'ok', officer: 'ok', colleague: 'ok', foreignOfficer: [403, PROGRESS_TEXTS.notAssigned] });
  });

  it('progress.assign: heads to any member or nobody; an officer only themself, only when free', () => {
    const to = (id: string | null, dept = DEPT) => (id ? { id, department: dept } : null);
    expect(table('progress.assign', { post: post(null), officer: to('g-colleague') })).toMatchObject({
      head: 'ok',
      deputy: 'ok',
      officer: [403, TEAM_TEXTS.assignOthers],
      colleague: 'ok',
      foreignOfficer: [403, PROGRESS_TEXTS.notAssigned],
      citizen: guard,
      admin: guard,
    });
    expect(table('progress.assign', { post: post('g-colleague'), officer: to('g-officer') })).toMatchObject({ head: 'ok', officer: [403, TEAM_TEXTS.assignedToOther] });
    expect(table('progress.assign', { post: post(null), officer: to('g-x', 'g-other') })).toMatchObject({ head: [400, TEAM_TEXTS.officerNotInTeam] });
    expect(table('progress.assign', { post: { ...post(null), assigned_government: null }, officer: to('g-officer') })).toMatchObject({ head: [409, TEAM_TEXTS.assignNotTaken] });
  });

  it('internal notes: every member of the department handling the report, and admins', () => {
    expect(table('note.internal', { post: { assigned_government: DEPT } })).toEqual({
      head: 'ok',
      deputy: 'ok',
      officer: 'ok',
      colleague: 'ok',
      foreignOfficer: [403, INTERNAL_NOTES_TEXTS.notYours],
      citizen: guard,
      admin: 'ok',
    });
  });

  it('jurisdiction.editOwn: heads only', () => {
    expect(table('jurisdiction.editOwn', {})).toMatchObject({ head: 'ok', deputy: 'ok', officer: onlyHead });
  });
});
