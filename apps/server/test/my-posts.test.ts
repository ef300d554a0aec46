import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import {
  SAMPLE_LOCATION,
  advanceTo,
  createPost,
  createTestApp,
  signupCitizen,
  signupGovernment,
  type Actor,
  type TestApp,
} from './helpers/app.js';

let t: TestApp;
let owner: Actor;
let other: Actor;
let dept: Actor;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signupCitizen(t.app, 'Owner');
  other = await signupCitizen(t.app, 'Other');
  dept = await signupGovernment(t.app, { verified: true });
});
afterAll(async () => {
  await t.close();
});

const edit = (actor: Actor, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: actor.auth, payload });
const mine = async (actor: Actor, qs = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/myPosts${qs}`, headers: actor.auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ posts: Post[]; nextCursor?: string | null }>();
};

describe('editing a report', () => {
  it('changes caption, priority and location, bumps updatedAt, and ignores everything else', async () => {
    const post = await createPost(t.app, owner, { caption: 'Old caption' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await edit(owner, post._id, {
      caption: 'New caption',
      priority: 'Critical',
      location: { ...SAMPLE_LOCATION, landmark: 'Opposite the temple', coordinates: { lat: 19.03, lng: 72.84 } },
      // None of these may change through an edit:
      progressState: 'Finished',
      currentState: 'Resolved',
      upvotes: [other.id],
      upvoteCount: 99,
      assignedGovernment: dept.id,
      user: { _id: other.id },
      comments: [{ content: 'injected' }],
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    const { message, post: updated } = res.json<{ message: string; post: Post }>();
    expect(message).toBe('Post updated');
    expect(updated).toMatchObject({
      caption: 'New caption',
      priority: 'Critical',
      location: { landmark: 'Opposite the temple', coordinates: { lat: 19.03, lng: 72.84 } },
      progressState: 'Unseen',
      currentState: 'In Progress',
      upvotes: [],
      upvoteCount: 0,
      assignedGovernment: null,
      user: { _id: owner.id },
      comments: [],
      createdAt: post.createdAt,
    });
    expect(updated.updatedAt > updated.createdAt).toBe(true);
  });

  it('keeps fields that are not sent', async () => {
    const post = await createPost(t.app, owner, { caption: 'Keep me', priority: 'High' });
    const res = await edit(owner, post._id, { caption: 'Only the caption changes' });
    expect(res.json<{ post: Post }>().post).toMatchObject({ caption: 'Only the caption changes', priority: 'High', location: SAMPLE_LOCATION });
  });

  it('applies the creation checks with their texts', async () => {
    const post = await createPost(t.app, owner);
    expect((await edit(owner, post._id, { caption: '  ' })).json()).toEqual({ message: TEXTS.validation.captionRequired });
    expect((await edit(owner, post._id, { location: { ...SAMPLE_LOCATION, pincode: '' } })).json()).toEqual({
      message: TEXTS.validation.pincodeRequired,
    });
    expect((await edit(owner, post._id, { location: JSON.stringify({ ...SAMPLE_LOCATION, state: 'Nowhere' }) })).json()).toEqual({
      message: TEXTS.validation.stateRequired,
    });
    expect((await edit(owner, post._id, { priority: 'ASAP' })).json()).toEqual({ message: POST_TEXTS.invalidPriority });
  });

  it("refuses other people's reports (403) and unknown ids (404)", async () => {
    const post = await createPost(t.app, owner);
    const res = await edit(other, post._id, { caption: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: POST_TEXTS.notYourPost });
    expect((await edit(owner, 'ffffffffffffffffffffffff', { caption: 'x' })).statusCode).toBe(404);
  });

  it('refuses to edit a finished report (409)', async () => {
    const post = await createPost(t.app, owner);
    await advanceTo(t.app, dept, post._id, 'Waiting for User Verification');
    await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${post._id}`, headers: owner.auth });
    const res = await edit(owner, post._id, { caption: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: POST_TEXTS.finishedNoEdit });
  });
});

describe('deleting a report', () => {
  it('removes the post with its votes, comments, replies, history and image files', async () => {
    const post = await createPost(t.app, owner);
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: other.auth, payload: { postId: post._id, type: 'upvote' } });
    const c = await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId: post._id, content: 'Same here' } });
    await t.app.inject({
      method: 'POST',
      url: '/api/posts/addReply',
      headers: owner.auth,
      payload: { postId: post._id, commentId: c.json<{ comment: { _id: string } }>().comment._id, content: 'Thanks' },
    });
    await advanceTo(t.app, dept, post._id, 'Waiting for User Verification');
    const dir = path.join(t.dataDir, 'uploads', 'public', 'posts', post._id);
    expect(readdirSync(dir).length).toBe(4); // report photo + final photo, each with a thumbnail

    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${post._id}`, headers: other.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${post._id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Post deleted' });

    const db = t.app.ctx.database.db;
    for (const table of ['votes', 'comments', 'post_images', 'progress_history'] as const) {
      const rows = await db.selectFrom(table).select('post_id').where('post_id', '=', post._id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: owner.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${post._id}`, headers: owner.auth })).statusCode).toBe(404);
  });
});

describe('My Issues list', () => {
  let lister: Actor;
  beforeAll(async () => {
    lister = await signupCitizen(t.app, 'Lister');
    const voters = await Promise.all([1, 2, 3].map(() => signupCitizen(t.app)));
    const specs: Array<[string, string, number, number]> = [
      ['Oldest low', 'Low', 0, 2],
      ['Middle high', 'High', 3, 0],
      ['Newest high', 'High', 1, 1],
    ];
    for (const [caption, priority, ups, downs] of specs) {
      const p = await createPost(t.app, lister, { caption, priority });
      for (let i = 0; i < ups; i++) await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: voters[i]!.auth, payload: { postId: p._id, type: 'upvote' } });
      for (let i = 0; i < downs; i++) await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: voters[2 - i]!.auth, payload: { postId: p._id, type: 'downvote' } });
    }
    await createPost(t.app, other, { caption: 'Not mine' });
  });
  const captions = async (qs: string) => (await mine(lister, qs)).posts.map((p) => p.caption);

  it('lists only my reports, newest first by default', async () => {
    expect(await captions('')).toEqual(['Newest high', 'Middle high', 'Oldest low']);
  });

  it('sorts by oldest, most upvotes and most downvotes', async () => {
    expect(await captions('?sort=oldest')).toEqual(['Oldest low', 'Middle high', 'Newest high']);
    expect(await captions('?sort=mostUpvotes')).toEqual(['Middle high', 'Newest high', 'Oldest low']);
    expect(await captions('?sort=mostDownvotes')).toEqual(['Oldest low', 'Newest high', 'Middle high']);
  });

  it('filters by priority and minimum counts; blank is ignored, non-numeric counts as 0', async () => {
    expect(await captions('?priority=High')).toEqual(['Newest high', 'Middle high']);
    expect(await captions('?priority=all')).toHaveLength(3);
    expect(await captions('?minUpvotes=2')).toEqual(['Middle high']);
    expect(await captions('?minDownvotes=1&minUpvotes=1')).toEqual(['Newest high']);
    expect(await captions('?minUpvotes=')).toHaveLength(3);
    expect(await captions('?minUpvotes=lots')).toHaveLength(3);
    expect(await captions('?minUpvotes=-4')).toHaveLength(3);
  });

  it('pages by cursor under a count sort without repeats', async () => {
    const first = await mine(lister, '?sort=mostUpvotes&limit=2');
    expect(first.posts.map((p) => p.caption)).toEqual(['Middle high', 'Newest high']);
    const second = await mine(lister, `?sort=mostUpvotes&limit=2&cursor=${first.nextCursor}`);
    expect(second.posts.map((p) => p.caption)).toEqual(['Oldest low']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses sorts My Issues does not offer and malformed cursors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/myPosts?sort=leastUpvotes', headers: lister.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/myPosts?limit=2&cursor=%%%', headers: lister.auth })).statusCode).toBe(400);
  });
});
