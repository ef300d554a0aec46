/**
 * Anonymous reports in the policy, as a table without HTTP: who sees the reporter of a report filed with
 * the name hidden (the reporter, admins, the department it is assigned to and that department's members)
 * and who does not (a neighbour, a visitor, a department it is only routed to or another department's
 * officer), and the admins' per-category switch.
 */
import { describe, expect, it } from 'vitest';
import { TEXTS } from '@civicpulse/shared';
import { mayIdentifyReporter, refusal, type Actor } from '../src/policies/index.js';

const DEPT = 'g-dept';
const A = {
  reporter: { id: 'c-reporter', role: 'user' },
  neighbour: { id: 'c-neighbour', role: 'user' },
  visitor: null,
  admin: { id: 'a-1', role: 'admin' },
  department: { id: DEPT, role: 'government', is_verified: 1 },
  officer: { id: 'g-officer', role: 'government', is_verified: 1, department_id: DEPT, team_role: 'officer' },
  deputy: { id: 'g-deputy', role: 'government', is_verified: 1, department_id: DEPT, team_role: 'head' },
  otherDepartment: { id: 'g-other', role: 'government', is_verified: 1 },
  foreignOfficer: { id: 'g-foreign', role: 'government', is_verified: 1, department_id: 'g-other', team_role: 'officer' },
} as const satisfies Record<string, Actor | null>;
type Who = keyof typeof A;
const WHO = Object.keys(A) as Who[];

const post = (anonymous: number, assigned: string | null) => ({ author_id: 'c-reporter', anonymous, assigned_government: assigned });
const table = (subject: ReturnType<typeof post>) => Object.fromEntries(WHO.map((w) => [w, mayIdentifyReporter(A[w], subject)]));

describe('policy: who sees the reporter of an anonymous report', () => {
  it('a report with the name shown: everyone', () => {
    expect(Object.values(table(post(0, null))).every(Boolean)).toBe(true);
    expect(Object.values(table(post(0, DEPT))).every(Boolean)).toBe(true);
  });

  it('anonymous and unassigned: the reporter and admins only (a department it is routed to is not told)', () => {
    expect(table(post(1, null))).toEqual({
      reporter: true,
      neighbour: false,
      visitor: false,
      admin: true,
      department: false,
      officer: false,
      deputy: false,
      otherDepartment: false,
      foreignOfficer: false,
    });
  });

  it('anonymous and assigned: also the assigned department and its members, no other department', () => {
    expect(table(post(1, DEPT))).toEqual({
      reporter: true,
      neighbour: false,
      visitor: false,
      admin: true,
      department: true,
      officer: true,
      deputy: true,
      otherDepartment: false,
      foreignOfficer: false,
    });
  });

  it('a transfer moves the right with the report', () => {
    expect(table(post(1, 'g-other'))).toMatchObject({ department: false, officer: false, otherDepartment: true, foreignOfficer: true });
  });

  it('category.editAnonymity: admins only', () => {
    const outcome = (who: Who) => {
      const r = refusal(A[who], 'category.editAnonymity');
      return r ? r.statusCode : 'ok';
    };
    expect(Object.fromEntries(WHO.map((w) => [w, outcome(w)]))).toEqual({
      reporter: 403,
      neighbour: 403,
      visitor: 401,
      admin: 'ok',
      department: 403,
      officer: 403,
      deputy: 403,
      otherDepartment: 403,
      foreignOfficer: 403,
    });
    expect(refusal(A.neighbour, 'category.editAnonymity')?.message).toBe(TEXTS.auth.forbidden);
  });
});
