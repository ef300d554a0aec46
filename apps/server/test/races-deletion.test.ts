/**
 * Issue 25 items 1, 2 and 6: writes racing a deletion, on the engine the suite runs on (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL, where the requests run side by side on the pool): a write whose
 * post, comment or author is deleted meanwhile answers a clear 4xx, stores nothing and leaves no file.
 */
import { describe, expect, it } from 'vitest';
import { POST_TEXTS, TEXTS } from '@civicpulse/shared';
import { createPost, jpeg, multipart, postForm, signupCitizen } from './helpers/app.js';
import { admin, app, comment, db, post, startRaceSuite, times, uploads } from './helpers/races.js';

startRaceSuite();

describe('writes racing a deletion: a clear 4xx, nothing stored, no file left', () => {
  const ROUNDS = 20;

  it('addComment and addReply while the post is deleted', async () => {
    const author = await signupCitizen(app);
    const other = await signupCitizen(app);
    const seen: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { _id: postId } = await createPost(app, author);
      const parent = await comment(author, postId);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId, content: 'Me too' } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes' } }),
        app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth }),
        app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId, content: 'Me three' } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes!' } }),
      ]);
      const [c1, r1, del, c2, r2] = answers;
      expect(del!.statusCode, del!.body).toBe(200);
      for (const a of [c1!, r1!, c2!, r2!]) {
        seen.push(a.statusCode);
        expect([201, 404], a.body).toContain(a.statusCode);
        if (a.statusCode === 404) expect([POST_TEXTS.notFound, POST_TEXTS.commentNotFound]).toContain(a.json<{ message: string }>().message);
      }
      const left = await db().selectFrom('comments').select('id').where('post_id', '=', postId).execute();
      expect(left).toEqual([]);
    }
    expect(seen.some((s) => s === 404)).toBe(true);
  });

  it('addReply while its comment is deleted', async () => {
    const author = await signupCitizen(app);
    const other = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await comment(author, postId);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes' } }),
        app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: author.auth, payload: { postId, commentId: parent } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes!' } }),
      ]);
      expect(answers[1]!.statusCode, answers[1]!.body).toBe(200);
      for (const a of [answers[0]!, answers[2]!]) {
        expect([201, 404], a.body).toContain(a.statusCode);
        if (a.statusCode === 404) expect(a.json<{ message: string }>().message).toBe(POST_TEXTS.commentNotFound);
      }
      const orphans = await db().selectFrom('comments').select('id').where('parent_id', '=', parent).execute();
      expect(orphans).toEqual([]);
    }
    expect((await post(postId)).commentCount).toBe(0);
  });

  it('votes while the post is deleted, and while the voter is deleted', async () => {
    const author = await signupCitizen(app);
    for (let round = 0; round < ROUNDS; round++) {
      const voters = await times(3, () => signupCitizen(app));
      const { _id: postId } = await createPost(app, author);
      const doomedVoter = voters[0]!;
      const answers = await Promise.all([
        ...voters.map((v) => app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: v.auth, payload: { postId, type: 'upvote' } })),
        round % 2 === 0
          ? app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth })
          : app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${doomedVoter.id}`, headers: admin.auth, payload: {} }),
      ]);
      const deletion = answers[voters.length]!;
      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const a of answers.slice(0, voters.length)) expect([200, 401, 404], a.body).toContain(a.statusCode);
      if (round % 2 === 1) {
        const row = await db().selectFrom('posts').select('upvote_count').where('id', '=', postId).executeTakeFirstOrThrow();
        const votes = await db().selectFrom('votes').select('account_id').where('post_id', '=', postId).execute();
        expect(votes.map((v) => v.account_id)).not.toContain(doomedVoter.id);
        expect(Number(row.upvote_count)).toBe(votes.length);
      }
    }
  });

  it('createPost while its author deletes the account: 201 or 401, no post and no file left', async () => {
    const before = uploads();
    const form = await postForm();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const me = await signupCitizen(app);
      const create = () => app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...me.auth, ...form.headers }, payload: form.payload });
      const answers = await Promise.all([
        create(),
        create(),
        app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: me.password } }),
        create(),
      ]);
      expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
      for (const a of [answers[0]!, answers[1]!, answers[3]!]) {
        statuses.push(a.statusCode);
        expect([201, 401], a.body).toContain(a.statusCode);
        if (a.statusCode === 401) expect(a.json<{ message: string }>().message).toBe(TEXTS.auth.tokenInvalid);
      }
      const left = await db().selectFrom('posts').select('id').where('author_id', '=', me.id).execute();
      expect(left).toEqual([]);
    }
    expect(uploads()).toEqual(before);
    expect(statuses.some((s) => s === 401)).toBe(true);
  });

  it('chat messages and profile edits while the account is deleted: never a 5xx, no file left', async () => {
    const before = uploads();
    const photo = multipart({ name: 'New Name' }, [{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', data: await jpeg(300, 300) }]);
    for (let round = 0; round < ROUNDS; round++) {
      const me = await signupCitizen(app);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: me.auth, payload: { msg: 'Hello' } }),
        app.inject({ method: 'PUT', url: '/api/user/updateProfile', headers: { ...me.auth, ...photo.headers }, payload: photo.payload }),
        app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${me.id}`, headers: admin.auth, payload: {} }),
        app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: me.auth, payload: { msg: 'Hello again' } }),
      ]);
      expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      const left = await db().selectFrom('chat_messages').select('id').where('author_id', '=', me.id).execute();
      expect(left).toEqual([]);
    }
    expect(uploads()).toEqual(before);
  });
});
