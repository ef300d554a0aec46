import { describe, expect, it } from 'vitest';
import { PROGRESS_ORDER, PROGRESS_TEXTS, transition, type ProgressActor, type ProgressState } from '../src/progress.js';

const dept: ProgressActor = { role: 'government', id: 'g1', verified: true };
const otherDept: ProgressActor = { role: 'government', id: 'g2', verified: true };
const pending: ProgressActor = { role: 'government', id: 'g3', verified: false };
const author: ProgressActor = { role: 'user', id: 'u1' };
const stranger: ProgressActor = { role: 'user', id: 'u2' };
const admin: ProgressActor = { role: 'admin', id: 'a1' };

const at = (progressState: ProgressState, assignedGovernment: string | null = 'g1') => ({
  progressState,
  assignedGovernment,
  authorId: 'u1',
});

describe('progress transition', () => {
  it('orders the seven states as the contract fixes', () => {
    expect(PROGRESS_ORDER).toEqual([
      'Unseen',
      'Problem Seen',
      'Verified',
      'Work Started',
      'Work Near Completion',
      'Waiting for User Verification',
      'Finished',
    ]);
  });

  it('takes an unseen post over for the advancing department', () => {
    const r = transition(at('Unseen', null), dept, 'advance');
    expect(r).toEqual({ ok: true, value: { to: 'Problem Seen', currentState: 'In Progress', assignedGovernment: 'g1' } });
  });

  it('refuses take-over by a pending department with 403', () => {
    expect(transition(at('Unseen', null), pending, 'advance')).toEqual({
      ok: false,
      status: 403,
      message: PROGRESS_TEXTS.pendingVerification,
    });
  });

  it('lets only the assigned department move a taken post', () => {
    expect(transition(at('Problem Seen'), otherDept, 'advance')).toEqual({ ok: false, status: 409, message: PROGRESS_TEXTS.alreadyTaken });
    expect(transition(at('Work Started'), otherDept, 'regress')).toEqual({ ok: false, status: 403, message: PROGRESS_TEXTS.notAssigned });
    expect(transition(at('Work Near Completion'), otherDept, 'advance', { hasFinalUpdate: true })).toMatchObject({ ok: false });
  });

  it('takes a final update only at Work Near Completion', () => {
    expect(transition(at('Verified'), dept, 'advance', { hasFinalUpdate: true })).toEqual({
      ok: false,
      status: 409,
      message: PROGRESS_TEXTS.finalOnlyAtNearCompletion,
    });
    expect(transition(at('Unseen', null), dept, 'advance', { hasFinalUpdate: true })).toMatchObject({ ok: false, status: 409 });
  });

  it('walks one step at a time up to Work Near Completion', () => {
    const path: ProgressState[] = ['Problem Seen', 'Verified', 'Work Started', 'Work Near Completion'];
    for (let i = 0; i < path.length - 1; i++) {
      const r = transition(at(path[i]!), dept, 'advance');
      expect(r.ok && r.value.to).toBe(path[i + 1]);
    }
  });

  it('needs a final update to reach Waiting for User Verification', () => {
    const without = transition(at('Work Near Completion'), dept, 'advance');
    expect(without).toEqual({ ok: false, status: 409, message: PROGRESS_TEXTS.finalUpdateRequired });
    const withUpdate = transition(at('Work Near Completion'), dept, 'advance', { hasFinalUpdate: true });
    expect(withUpdate.ok && withUpdate.value.to).toBe('Waiting for User Verification');
  });

  it('stops the department at Waiting for User Verification and Finished', () => {
    for (const move of ['advance', 'regress'] as const) {
      expect(transition(at('Waiting for User Verification'), dept, move)).toMatchObject({ ok: false, status: 409 });
      expect(transition(at('Finished'), dept, move)).toMatchObject({ ok: false, status: 409 });
    }
  });

  it('goes back one step, and releases the post when going back to Unseen', () => {
    expect(transition(at('Work Started'), dept, 'regress')).toMatchObject({ ok: true, value: { to: 'Verified', assignedGovernment: 'g1' } });
    expect(transition(at('Problem Seen'), dept, 'regress')).toMatchObject({ ok: true, value: { to: 'Unseen', assignedGovernment: null } });
    expect(transition(at('Unseen', null), dept, 'regress')).toMatchObject({ ok: false, status: 409 });
  });

  it('lets only the author verify or reject, and only while waiting', () => {
    expect(transition(at('Waiting for User Verification'), author, 'verify')).toEqual({
      ok: true,
      value: { to: 'Finished', currentState: 'Resolved', assignedGovernment: 'g1' },
    });
    expect(transition(at('Waiting for User Verification'), author, 'reject')).toMatchObject({ ok: true, value: { to: 'Work Started' } });
    expect(transition(at('Waiting for User Verification'), stranger, 'verify')).toMatchObject({ ok: false, status: 403 });
    expect(transition(at('Waiting for User Verification'), dept, 'verify')).toMatchObject({ ok: false, status: 403 });
    expect(transition(at('Work Started'), author, 'verify')).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses progress moves by citizens and admins', () => {
    expect(transition(at('Unseen', null), author, 'advance')).toMatchObject({ ok: false, status: 403 });
    expect(transition(at('Unseen', null), admin, 'advance')).toMatchObject({ ok: false, status: 403 });
  });
});
