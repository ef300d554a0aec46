/**
 * Internal notes on a report: the department it is assigned to and admins add and read them; the
 * reporter, other citizens and other departments never see them (not in the post, not through the
 * route). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_NOTE_LIMITS, INTERNAL_NOTES_TEXTS, internalNoteAnswer, internalNotesAnswer, type InternalNote } from '@civicpulse/shared';
import { advanceTo, createCast, createPost, createTestApp, type Actor, type Cast, type TestApp } from './helpers/app.js';

let t: TestApp;
let cast: Cast;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  postId = (await createPost(t.app, cast.citizen, { caption: 'Sewage overflowing near the temple' }))._id;
}, 60_000);
afterAll(() => t.close());

const add = (who: Actor, body: unknown, id = postId) => t.app.inject({ method: 'POST', url: `/api/posts/post/${id}/internalNotes`, headers: who.auth, payload: { body } });
const list = (who: Actor, query = '', id = postId) => t.app.inject({ method: 'GET', url: `/api/posts/post/${id}/internalNotes${query}`, headers: who.auth });

describe('internal notes', () => {
  it('are for the department the report is assigned to and admins, nobody else', async () => {
    // Before a take-over no department handles it: only admins.
    expect((await add(cast.verifiedGov, 'Site visit planned')).statusCode).toBe(403);
    await advanceTo(t.app, cast.verifiedGov, postId, 'Problem Seen');
    const mine = await add(cast.verifiedGov, '  Called the contractor; crew on Monday  ');
    expect(mine.statusCode, mine.body).toBe(201);
    expect(internalNoteAnswer.strict().safeParse(mine.json()).success).toBe(true);
    expect(mine.json<{ note: InternalNote; message: string }>()).toMatchObject({
      message: INTERNAL_NOTES_TEXTS.added,
      note: { body: 'Called the contractor; crew on Monday', author: { _id: cast.verifiedGov.id, role: 'government' } },
    });
    expect((await add(cast.admin, 'Escalated by the ward office')).statusCode).toBe(201);
    for (const who of [cast.citizen, cast.otherCitizen, cast.otherGov]) {
      const res = await list(who);
      expect(res.statusCode, who.id).toBe(403);
      // A citizen is turned away at the route's guard; another department once the report is loaded.
      if (who.role === 'government') expect(res.json<{ message: string }>().message).toBe(INTERNAL_NOTES_TEXTS.notYours);
      expect(res.body).not.toContain('contractor');
      expect((await add(who, 'Sneaky note')).statusCode, who.id).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/post/${postId}/internalNotes` })).statusCode).toBe(401);
    // The post itself, as the reporter reads it, carries no note.
    const post = await t.app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: cast.citizen.auth });
    expect(post.body).not.toContain('contractor');
    for (const who of [cast.verifiedGov, cast.admin]) {
      const res = await list(who);
      expect(res.statusCode).toBe(200);
      expect(internalNotesAnswer.strict().safeParse(res.json()).success).toBe(true);
      expect(res.json<{ notes: InternalNote[] }>().notes.map((n) => n.body)).toEqual(['Escalated by the ward office', 'Called the contractor; crew on Monday']);
    }
  });

  it('page newest first by cursor, and refuse bad input with the reason, storing nothing', async () => {
    const other = (await createPost(t.app, cast.citizen, { caption: 'Broken bench in the park' }))._id;
    await advanceTo(t.app, cast.verifiedGov, other, 'Problem Seen');
    const total = INTERNAL_NOTE_LIMITS.pageSize + 3;
    for (let i = 0; i < total; i++) expect((await add(cast.admin, `Note ${i}`, other)).statusCode).toBe(201);
    const first = (await list(cast.verifiedGov, '', other)).json<{ notes: InternalNote[]; nextCursor: string | null }>();
    expect(first.notes).toHaveLength(INTERNAL_NOTE_LIMITS.pageSize);
    expect(first.notes[0]!.body).toBe(`Note ${total - 1}`);
    const second = (await list(cast.verifiedGov, `?cursor=${first.nextCursor}`, other)).json<{ notes: InternalNote[]; nextCursor: string | null }>();
    expect(second.notes.map((n) => n.body)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(second.nextCursor).toBeNull();

    const cases: Array<[unknown, string]> = [
      ['', INTERNAL_NOTES_TEXTS.bodyRequired],
      ['   ', INTERNAL_NOTES_TEXTS.bodyRequired],
      [undefined, INTERNAL_NOTES_TEXTS.bodyRequired],
      [42, INTERNAL_NOTES_TEXTS.bodyRequired],
      ['x'.repeat(INTERNAL_NOTE_LIMITS.bodyMaxChars + 1), INTERNAL_NOTES_TEXTS.bodyTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await add(cast.verifiedGov, body, other);
      expect(res.statusCode, String(body).slice(0, 10)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect((await add(cast.verifiedGov, 'nul\u0000here', other)).statusCode).toBe(400);
    for (const cursor of ['nope', '%00', 'a'.repeat(400)]) expect((await list(cast.verifiedGov, `?cursor=${cursor}`, other)).statusCode, cursor).toBe(400);
    expect((await list(cast.admin, '', 'f'.repeat(24))).statusCode).toBe(404);
    expect((await add(cast.admin, 'On a report that is not there', 'f'.repeat(24))).statusCode).toBe(404);
    const after = (await list(cast.admin, '', other)).json<{ notes: InternalNote[] }>();
    expect(after.notes[0]!.body).toBe(`Note ${total - 1}`);
  });

  it('go with their report when it is deleted', async () => {
    const gone = (await createPost(t.app, cast.citizen, { caption: 'Streetlight flickering' }))._id;
    await advanceTo(t.app, cast.verifiedGov, gone, 'Problem Seen');
    expect((await add(cast.verifiedGov, 'Ordered a new lamp', gone)).statusCode).toBe(201);
    const db = t.app.ctx.database.db;
    expect(await db.selectFrom('internal_notes').select('id').where('post_id', '=', gone).execute()).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${gone}`, headers: cast.citizen.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(await db.selectFrom('internal_notes').select('id').where('post_id', '=', gone).execute()).toEqual([]);
  });
});
