/**
 * The authorization policy as a table, without HTTP: every action x every kind of caller, first at
 * the route (no subject: may this kind of caller call it at all), then over loaded subjects in the
 * states that matter, with the exact status and text a refusal answers. authorization-matrix.test.ts
 * holds the HTTP side against the same policy.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  type Action } from '../src/policies/index.js';
import { ACTORS, KINDS, guardNo, outcome, signedOut, type Kind } from './helpers/policy-actors.js';


// ---- the route's question: who gets past the guard --------------------------------------------

const everyone: Kind[] = ['owner', 'otherCitizen', 'pendingGov', 'verifiedGov', 'assignedGov', 'otherGov', 'admin'];
const citizens: Kind[] = ['owner', 'otherCitizen'];
const departments: Kind[] = ['pendingGov', 'verifiedGov', 'assignedGov', 'otherGov'];
const admins: Kind[] = ['admin'];

/** Every action: the kinds of caller its route lets through (anonymous never). */
const GATES: Record<Action, Kind[]> = {
  'post.create': citizens,
  'post.read': everyone,
  'post.listOwn': citizens,
  'post.edit': citizens,
  'post.delete': citizens,
  'vote.cast': everyone,
  'vote.listOwn': citizens,
  'comment.create': everyone,
  'reply.create': everyone,
  'comment.delete': everyone,
  'reply.delete': everyone,
  'progress.takeOver': departments,
  'progress.advance': departments,
  'progress.finish': departments,
  'progress.regress': departments,
  'progress.verify': citizens,
  'progress.rate': citizens,
  'progress.reject': citizens,
  'department.listPosts': departments,
  'department.status': departments,
  'department.route': departments,
  'admin.read': admins,
  'admin.deletePost': admins,
  'admin.verifyGovernment': admins,
  'admin.unverifyGovernment': admins,
  'admin.deleteUser': admins,
  'admin.deleteGovernment': admins,
  'admin.deleteAccount': admins,
  'admin.editServiceLevels': admins,
  'category.editAnonymity': admins,
  'admin.issueApiKey': admins,
  'admin.revokeApiKey': admins,
  'government.proofDocument': [...departments, 'admin'],
  'profile.read': everyone,
  'profile.editCitizen': citizens,
  'profile.editGovernment': departments,
  'profile.edit': [...citizens, ...departments],
  'profile.seePrivate': everyone,
  'account.read': everyone,
  'account.edit': everyone,
  // The guard lets an admin through; the service then refuses (after the body was validated).
  'account.delete': everyone,
  'session.start': everyone,
  'chat.read': citizens,
  'chat.send': citizens,
  'notification.read': everyone,
  'notification.markRead': everyone,
  'jurisdiction.readOwn': departments,
  'jurisdiction.editOwn': departments,
  'jurisdiction.read': everyone,
  'jurisdiction.edit': admins,
  'assistant.ownReports': [...citizens, ...departments],
  'alert.read': everyone,
  'alert.create': everyone,
  'alert.delete': everyone,
  'push.subscribe': everyone,
  'follow.set': everyone,
  'note.internal': [...departments, 'admin'],
  'photo.redact': [...departments, 'admin'],
  'team.read': departments,
  'team.manage': departments,
  'team.removeMember': departments,
  'progress.assign': departments,
  'progress.transfer': departments,
  'admin.triage': admins,
  'appeal.create': citizens,
  'appeal.answer': [...departments, 'admin'],
  'appeal.read': everyone,
  'appeal.listOwn': departments,
  'department.directory': departments,
  'duplicate.mark': [...departments, 'admin'],
  'duplicate.unmark': [...departments, 'admin'],
  'moderation.flag': everyone,
  'moderation.review': everyone,
  'moderation.seeHidden': everyone,
  'moderation.queue': admins,
  'moderation.act': admins,
  'moderation.suspend': admins,
};

describe('policy: the route guard of every action', () => {
  it('lists every action', () => {
    expect(Object.keys(GATES).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    it(action, () => {
      const got = Object.fromEntries(KINDS.map((k) => [k, outcome(ACTORS[k], action)]));
      const want = Object.fromEntries(KINDS.map((k) => [k, k === 'anonymous' ? signedOut : GATES[action].includes(k) ? 'ok' : guardNo]));
      expect(got).toEqual(want);
      for (const k of KINDS) expect(can(ACTORS[k], action)).toBe(want[k] === 'ok');
    });
  }
});

