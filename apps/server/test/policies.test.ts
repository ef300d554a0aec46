/**
 * The authorization policy as a table, without HTTP: every action x every kind of caller, first at
 * the route (no subject: may this kind of caller call it at all), then over loaded subjects in the
 * states that matter, with the exact status and text a refusal answers. authorization-matrix.test.ts
 * holds the HTTP side against the same policy.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, ALERT_TEXTS, LIVE_TEXTS, POST_TEXTS, RESOLVED_POST_TEXTS, PROFILE_TEXTS, PROGRESS_TEXTS, TEXTS, type ProgressState } from '@civicpulse/shared';
import { HttpError } from '../src/lib/errors.js';
import {
  ACTIONS,
  ROUTE_ACTIONS,
  authorize,
  can,
  planMove,
  progressActionOf,
  routeAction,
  type Action,
  type SubjectOf } from '../src/policies/index.js';
import { ACTORS, KINDS, guardNo, outcome, signedOut, type Kind, type Outcome } from './helpers/policy-actors.js';

// ---- the whole rule, over loaded subjects --------------------------------------------------

const post = (progress_state: ProgressState, assigned: boolean) => ({
  author_id: ACTORS.owner.id,
  progress_state,
  assigned_government: assigned ? ACTORS.assignedGov.id : null,
});
const unseen = post('Unseen', false);
const seen = post('Problem Seen', true);
const working = post('Work Started', true);
const near = post('Work Near Completion', true);
const waiting = post('Waiting for User Verification', true);
const finished = post('Finished', true);
const comment = { author_id: ACTORS.owner.id };

interface Case<A extends Action = Action> {
  name: string;
  action: A;
  subject: SubjectOf<A>;
  /** The outcome of the kinds not listed in `except` (anonymous is always 401). */
  rest: Outcome;
  except?: Partial<Record<Kind, Outcome>>;
}
const c = <A extends Action>(x: Case<A>): Case => x as unknown as Case;

const onlyGov = [403, PROGRESS_TEXTS.onlyGovernment] as const;
const onlyAuthor = [403, PROGRESS_TEXTS.onlyAuthor] as const;
const pending = [403, PROGRESS_TEXTS.pendingVerification] as const;
const notAssigned = [403, PROGRESS_TEXTS.notAssigned] as const;
const taken = [409, PROGRESS_TEXTS.alreadyTaken] as const;
const govs = (o: Outcome) => ({ verifiedGov: o, assignedGov: o, otherGov: o });

const CASES: Case[] = [
  // Area alerts: one's own; someone else's is not found.
  c({ name: 'delete an area alert', action: 'alert.delete', subject: { alert: { account_id: ACTORS.owner.id } }, rest: [404, ALERT_TEXTS.notFound], except: { owner: 'ok' } }),
  // Reports
  c({ name: 'edit an open report', action: 'post.edit', subject: { post: unseen }, rest: guardNo, except: { owner: 'ok', otherCitizen: [403, POST_TEXTS.notYourPost] } }),
  c({ name: 'edit a report in progress', action: 'post.edit', subject: { post: working }, rest: guardNo, except: { owner: 'ok', otherCitizen: [403, POST_TEXTS.notYourPost] } }),
  c({
    name: 'edit a finished report',
    action: 'post.edit',
    subject: { post: finished },
    rest: guardNo,
    except: { owner: [409, POST_TEXTS.finishedNoEdit], otherCitizen: [403, POST_TEXTS.notYourPost] },
  }),
  c({ name: 'delete a report (My Issues)', action: 'post.delete', subject: { post: working }, rest: guardNo, except: { owner: 'ok', otherCitizen: [403, POST_TEXTS.notYourPost] } }),
  // A resolved report is the public record of the department's work: its reporter can no longer delete it.
  c({
    name: 'delete a finished report (My Issues)',
    action: 'post.delete',
    subject: { post: finished },
    rest: guardNo,
    except: { owner: [409, RESOLVED_POST_TEXTS.noDelete], otherCitizen: [403, POST_TEXTS.notYourPost] },
  }),
  // Comments and replies: the author or an admin.
  c({ name: 'delete a comment', action: 'comment.delete', subject: { comment }, rest: [403, POST_TEXTS.notYourComment], except: { owner: 'ok', admin: 'ok' } }),
  c({ name: 'delete a reply', action: 'reply.delete', subject: { reply: comment }, rest: [403, POST_TEXTS.notYourReply], except: { owner: 'ok', admin: 'ok' } }),
  // Progress: the shared state machine's answers.
  c({
    name: 'take over an open report',
    action: 'progress.takeOver',
    subject: { post: unseen },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs('ok') },
  }),
  c({
    name: 'take over a report another department took',
    action: 'progress.takeOver',
    subject: { post: { ...unseen, assigned_government: ACTORS.assignedGov.id } },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(taken), assignedGov: 'ok' },
  }),
  c({ name: 'advance a taken report', action: 'progress.advance', subject: { post: seen }, rest: onlyGov, except: { pendingGov: pending, ...govs(taken), assignedGov: 'ok' } }),
  c({
    name: 'advance at Work Near Completion without a final update',
    action: 'progress.advance',
    subject: { post: near },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(taken), assignedGov: [409, PROGRESS_TEXTS.finalUpdateRequired] },
  }),
  c({
    name: 'advance a report waiting for its reporter',
    action: 'progress.advance',
    subject: { post: waiting },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(taken), assignedGov: [409, PROGRESS_TEXTS.awaitingUser] },
  }),
  c({
    name: 'advance a finished report',
    action: 'progress.advance',
    subject: { post: finished },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(taken), assignedGov: [409, PROGRESS_TEXTS.alreadyFinished] },
  }),
  c({
    name: 'final update at Work Near Completion',
    action: 'progress.finish',
    subject: { post: near, hasFinalUpdate: true },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(notAssigned), assignedGov: 'ok' },
  }),
  c({
    name: 'final update too early',
    action: 'progress.finish',
    subject: { post: working, hasFinalUpdate: true },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(notAssigned), assignedGov: [409, PROGRESS_TEXTS.finalOnlyAtNearCompletion] },
  }),
  c({
    name: 'final update on an open report',
    action: 'progress.finish',
    subject: { post: unseen, hasFinalUpdate: true },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs([409, PROGRESS_TEXTS.finalOnlyAtNearCompletion]) },
  }),
  c({ name: 'go back a step', action: 'progress.regress', subject: { post: working }, rest: onlyGov, except: { pendingGov: pending, ...govs(notAssigned), assignedGov: 'ok' } }),
  c({
    name: 'go back from Open',
    action: 'progress.regress',
    subject: { post: unseen },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs([409, PROGRESS_TEXTS.cannotGoBack]) },
  }),
  c({
    name: 'go back while the reporter verifies',
    action: 'progress.regress',
    subject: { post: waiting },
    rest: onlyGov,
    except: { pendingGov: pending, ...govs(notAssigned), assignedGov: [409, PROGRESS_TEXTS.cannotGoBack] },
  }),
  c({ name: 'confirm the fix', action: 'progress.verify', subject: { post: waiting }, rest: onlyAuthor, except: { owner: 'ok' } }),
  c({ name: 'confirm and rate the fix', action: 'progress.rate', subject: { post: waiting }, rest: onlyAuthor, except: { owner: 'ok' } }),
  c({ name: 'reject the fix', action: 'progress.reject', subject: { post: waiting }, rest: onlyAuthor, except: { owner: 'ok' } }),
  c({
    name: 'confirm before the department asked',
    action: 'progress.verify',
    subject: { post: working },
    rest: onlyAuthor,
    except: { owner: [409, PROGRESS_TEXTS.notWaiting] },
  }),
  c({ name: 'reject a finished report', action: 'progress.reject', subject: { post: finished }, rest: onlyAuthor, except: { owner: [409, PROGRESS_TEXTS.notWaiting] } }),
  // Admin console
  c({ name: 'revoke a verified department', action: 'admin.unverifyGovernment', subject: { government: { id: 'g-verified', is_verified: 1 } }, rest: guardNo, except: { admin: 'ok' } }),
  c({
    name: 'revoke a department not verified',
    action: 'admin.unverifyGovernment',
    subject: { government: { id: 'g-pending', is_verified: 0 } },
    rest: guardNo,
    except: { admin: [409, ADMIN_TEXTS.notVerified] },
  }),
  c({ name: 'delete another account', action: 'admin.deleteAccount', subject: { account: { id: ACTORS.owner.id } }, rest: guardNo, except: { admin: 'ok' } }),
  c({
    name: 'delete one’s own admin account',
    action: 'admin.deleteAccount',
    subject: { account: { id: ACTORS.admin.id } },
    rest: guardNo,
    except: { admin: [400, ADMIN_TEXTS.cannotDeleteSelf] },
  }),
  c({
    name: 'read a pending department’s proof',
    action: 'government.proofDocument',
    subject: { departmentId: ACTORS.pendingGov.id },
    rest: guardNo,
    except: { pendingGov: 'ok', admin: 'ok' },
  }),
  // Profiles and one's own account
  c({ name: 'edit one’s profile', action: 'profile.edit', subject: {}, rest: 'ok', except: { admin: [404, PROFILE_TEXTS.notFound] } }),
  c({ name: 'see a citizen’s private fields', action: 'profile.seePrivate', subject: { account: { id: ACTORS.owner.id } }, rest: guardNo, except: { owner: 'ok', admin: 'ok' } }),
  c({ name: 'delete one’s own account', action: 'account.delete', subject: {}, rest: 'ok', except: { admin: guardNo } }),
  c({
    name: 'sign in on the Government tab',
    action: 'session.start',
    subject: { tab: 'government' },
    rest: 'ok',
    except: { owner: [403, TEXTS.auth.notGovernment], otherCitizen: [403, TEXTS.auth.notGovernment], admin: [403, TEXTS.auth.notGovernment] },
  }),
  c({
    name: 'sign in on the User tab',
    action: 'session.start',
    subject: { tab: 'user' },
    rest: [403, TEXTS.auth.useGovernmentTab],
    except: { owner: 'ok', otherCitizen: 'ok', admin: [403, TEXTS.auth.useAdminTab] },
  }),
  c({
    name: 'sign in on the Admin tab',
    action: 'session.start',
    subject: { tab: 'admin' },
    rest: [403, TEXTS.auth.useGovernmentTab],
    except: { owner: [403, TEXTS.auth.useUserTab], otherCitizen: [403, TEXTS.auth.useUserTab], admin: 'ok' },
  }),
  // Community Chat over the live connection answers in its own words.
  c({ name: 'chat (live connection)', action: 'chat.send', subject: {}, rest: [403, LIVE_TEXTS.chatCitizensOnly], except: { owner: 'ok', otherCitizen: 'ok' } }),
  c({ name: 'read chat (live connection)', action: 'chat.read', subject: {}, rest: [403, LIVE_TEXTS.chatCitizensOnly], except: { owner: 'ok', otherCitizen: 'ok' } }),
  c({ name: 'ask about one’s own reports', action: 'assistant.ownReports', subject: {}, rest: 'ok', except: { admin: guardNo } }),
];

describe('policy: the whole rule over a loaded subject', () => {
  for (const x of CASES) {
    it(`${x.action}: ${x.name}`, () => {
      const got = Object.fromEntries(KINDS.map((k) => [k, outcome(ACTORS[k], x.action, x.subject)]));
      const want = Object.fromEntries(KINDS.map((k) => [k, k === 'anonymous' ? signedOut : (x.except?.[k] ?? x.rest)]));
      expect(got).toEqual(want);
    });
  }

  it('authorize throws the refusal as an HttpError and can answers false; both agree on every case', () => {
    for (const x of CASES) {
      for (const k of KINDS) {
        const actor = ACTORS[k];
        const allowed = can(actor, x.action, x.subject);
        if (allowed) expect(() => authorize(actor, x.action, x.subject)).not.toThrow();
        else {
          const err = (() => {
            try {
              authorize(actor, x.action, x.subject);
            } catch (e) {
              return e;
            }
            return null;
          })();
          expect(err).toBeInstanceOf(HttpError);
        }
      }
    }
  });

  it('rules with a subject cover every action that has one to check', () => {
    const withSubject = new Set(CASES.map((x) => x.action));
    const needing: Action[] = [
      'post.edit',
      'post.delete',
      'comment.delete',
      'reply.delete',
      'progress.takeOver',
      'progress.advance',
      'progress.finish',
      'progress.regress',
      'progress.verify',
      'progress.rate',
      'progress.reject',
      'admin.unverifyGovernment',
      'admin.deleteAccount',
      'government.proofDocument',
      'profile.edit',
      'profile.seePrivate',
      'account.delete',
      'session.start',
      'chat.read',
      'chat.send',
      'assistant.ownReports',
    ];
    expect(needing.filter((a) => !withSubject.has(a))).toEqual([]);
  });
});

describe('policy: the progress plan', () => {
  it('names the action of each move for the post as it is', () => {
    expect(progressActionOf('advance', unseen)).toBe('progress.takeOver');
    expect(progressActionOf('advance', seen)).toBe('progress.advance');
    expect(progressActionOf('advance', near, { hasFinalUpdate: true })).toBe('progress.finish');
    expect(progressActionOf('regress', seen)).toBe('progress.regress');
    expect(progressActionOf('verify', waiting)).toBe('progress.verify');
    expect(progressActionOf('verify', waiting, { rated: true })).toBe('progress.rate');
    expect(progressActionOf('reject', waiting)).toBe('progress.reject');
  });

  it('answers where an allowed move goes and throws the refusal of a forbidden one', () => {
    expect(planMove(ACTORS.verifiedGov, unseen, 'advance', { hasFinalUpdate: false })).toEqual({
      to: 'Problem Seen',
      currentState: 'In Progress',
      assignedGovernment: ACTORS.verifiedGov.id,
    });
    expect(planMove(ACTORS.assignedGov, near, 'advance', { hasFinalUpdate: true }).to).toBe('Waiting for User Verification');
    expect(planMove(ACTORS.assignedGov, seen, 'regress', { hasFinalUpdate: false })).toEqual({ to: 'Unseen', currentState: 'In Progress', assignedGovernment: null });
    expect(planMove(ACTORS.owner, waiting, 'verify', { hasFinalUpdate: false, rated: true })).toEqual({
      to: 'Finished',
      currentState: 'Resolved',
      assignedGovernment: ACTORS.assignedGov.id,
    });
    expect(() => planMove(ACTORS.otherGov, seen, 'advance', { hasFinalUpdate: false })).toThrow(PROGRESS_TEXTS.alreadyTaken);
    expect(() => planMove(ACTORS.pendingGov, unseen, 'advance', { hasFinalUpdate: false })).toThrow(PROGRESS_TEXTS.pendingVerification);
  });
});

describe('policy: route actions', () => {
  it('every route action is a known action, and a HEAD request asks its GET route', () => {
    const known = new Set<string>(ACTIONS);
    expect(Object.values(ROUTE_ACTIONS).filter((a) => !known.has(a))).toEqual([]);
    expect(routeAction('HEAD', '/api/user/allPosts')).toBe('post.read');
    expect(routeAction('GET', '/api/nowhere')).toBeUndefined();
  });
});
