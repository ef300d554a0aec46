/** The kinds of caller the policy tables try, and how an outcome is read (policies*.test.ts). */
import { TEXTS } from '@civicpulse/shared';
import { refusal, type Action, type Actor, type SubjectOf } from '../../src/policies/index.js';

export const ACTORS = {
  anonymous: null,
  owner: { id: 'c-owner', role: 'user' },
  otherCitizen: { id: 'c-other', role: 'user' },
  pendingGov: { id: 'g-pending', role: 'government', is_verified: 0 },
  verifiedGov: { id: 'g-verified', role: 'government', is_verified: 1 },
  assignedGov: { id: 'g-assigned', role: 'government', is_verified: 1 },
  otherGov: { id: 'g-other', role: 'government', is_verified: 1 },
  admin: { id: 'a-admin', role: 'admin' },
} as const satisfies Record<string, Actor | null>;
export type Kind = keyof typeof ACTORS;
export const KINDS = Object.keys(ACTORS) as Kind[];

/** Allowed, or refused with this status and text. */
export type Outcome = 'ok' | readonly [number, string];

export function outcome<A extends Action>(actor: Actor | null, action: A, subject?: SubjectOf<A>): Outcome {
  const refused = refusal(actor, action, subject);
  return refused ? [refused.statusCode, refused.message] : 'ok';
}

export const signedOut = [401, TEXTS.auth.tokenMissing] as const;
export const guardNo = [403, TEXTS.auth.forbidden] as const;
