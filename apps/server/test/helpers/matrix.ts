/** The authorization matrix's row type and the fixtures its rows build requests from. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  MATRIX_ROLES,
  advanceTo,
  createPost,
  type Cast,
  type MatrixRole } from './app.js';
import { type Action, type SubjectOf } from '../../src/policies/index.js';

export type Expect = Record<MatrixRole, number>;
export interface Row {
  method: string;
  /** The route as registered, e.g. /api/posts/post/:id */
  route: string;
  /** The policy action its guard asks (policies/routes.ts); null for a route no account guard protects. */
  action: Action | null;
  /** Builds the request for one caller; may create fresh objects (for destructive routes). */
  request?: (fx: Fixtures, who: MatrixRole) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
  /**
   * The whole rule the service then applies to what it loaded for this request (read before the
   * request is sent, as the service reads it): its action and subject.
   */
  rule?: (fx: Fixtures, request: Partial<InjectOptions>) => Promise<Ruled>;
  expect: Expect;
}

export interface Ruled {
  action: Action;
  subject: unknown;
}
export const ruled = <A extends Action>(action: A, subject: SubjectOf<A>): Ruled => ({ action, subject });

/** The id a request's URL ends with. */
export const lastSegment = (req: Partial<InjectOptions>): string => String(req.url).split('/').pop()!;
export const payloadOf = (req: Partial<InjectOptions>) => req.payload as Record<string, string>;
export async function postRow(fx: Fixtures, id: string) {
  const row = await fx.app.ctx.services.posts.find(id);
  if (!row) throw new Error(`no post ${id}`);
  return row;
}
export async function commentRow(fx: Fixtures, postId: string, id: string) {
  const row = await fx.app.ctx.database.db.selectFrom('comments').selectAll().where('post_id', '=', postId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new Error(`no comment ${id}`);
  return row;
}
export async function accountRow(fx: Fixtures, id: string) {
  const row = await fx.app.ctx.repos.accounts.findById(id);
  if (!row) throw new Error(`no account ${id}`);
  return row;
}

export const everyone = (status: number): Expect =>
  Object.fromEntries(MATRIX_ROLES.map((r) => [r, status])) as Expect;
/** Signed-in callers of the given roles get `ok`; other signed-in callers 403; anonymous 401. */
export const only = (ok: number, ...allowed: MatrixRole[]): Expect =>
  Object.fromEntries(MATRIX_ROLES.map((r) => [r, r === 'anonymous' ? 401 : allowed.includes(r) ? ok : 403])) as Expect;

export interface Fixtures {
  app: FastifyInstance;
  cast: Cast;
  /** A report by `cast.citizen`. */
  postId: string;
}

/** A fresh comment (and reply) by the citizen on the fixture post, for routes that delete. */
export async function freshComment(fx: Fixtures): Promise<{ commentId: string; replyId: string }> {
  const c = await fx.app.inject({
    method: 'POST',
    url: '/api/posts/addComment',
    headers: fx.cast.citizen.auth,
    payload: { postId: fx.postId, content: 'Matrix comment' },
  });
  const commentId = c.json<{ comment: { _id: string } }>().comment._id;
  const r = await fx.app.inject({
    method: 'POST',
    url: '/api/posts/addReply',
    headers: fx.cast.citizen.auth,
    payload: { postId: fx.postId, commentId, content: 'Matrix reply' },
  });
  return { commentId, replyId: r.json<{ reply: { _id: string } }>().reply._id };
}

/** A fresh report by the citizen, moved by the assigned department (verifiedGov) to `state`. */
export async function freshPostAt(fx: Fixtures, state: string): Promise<string> {
  const { _id } = await createPost(fx.app, fx.cast.citizen);
  if (state !== 'Unseen') await advanceTo(fx.app, fx.cast.verifiedGov, _id, state);
  return _id;
}

export const citizens: MatrixRole[] = ['citizen', 'otherCitizen'];
export const governments: MatrixRole[] = ['unverifiedGov', 'verifiedGov', 'otherGov'];
export const signedIn: MatrixRole[] = ['citizen', 'otherCitizen', ...governments, 'admin'];
/** Only the reporting citizen. */
export const authorOnly: Expect = { anonymous: 401, citizen: 200, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 403, otherGov: 403, admin: 403 };

