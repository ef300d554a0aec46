/**
 * The fuzz suites that write: random batches of concurrent deletes and writes (no 5xx, counters exact),
 * and worst-case content whose every read must stay within the answer byte budget. Seeded like
 * fuzz.test.ts (FUZZ_SEED); each block starts its own app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTo, createCast, createPost, createTestApp, jpeg, signupCitizen, signupGovernment, type Cast, type TestApp } from './helpers/app.js';
import { SEED, prng } from './helpers/fuzz-input.js';

/**
 * Issue 25 items 1, 2 and 6: random batches of concurrent deletes and writes on the same post, its
 * comments, its people and a department (deleting, verifying and revoking it while it moves the
 * report), sent at once with Promise.all (side by side on PostgreSQL's pool). Whatever the interleaving,
 * no answer may be a 5xx. Seeded like the rest (FUZZ_SEED); FUZZ_RACE_ROUNDS sets the batch count.
 */
describe('fuzz: concurrent deletes and writes', () => {
  let t: TestApp;
  const ROUNDS = Number(process.env.FUZZ_RACE_ROUNDS ?? 30);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('random interleavings of deletes with comments, votes, moves, chat, profile and password writes never answer 5xx', async () => {
    const app = t.app;
    const rng = prng(SEED ^ 0x2525);
    const cast = await createCast(app);
    const admin = cast.admin;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const author = await signupCitizen(app, 'Race Author');
      const neighbour = await signupCitizen(app, 'Race Neighbour');
      const dept = await signupGovernment(app, { verified: true, department: 'Race Department' });
      const post = await createPost(app, author);
      const postId = post._id;
      const commentRes = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId, content: 'Seen it too' } });
      const commentId = commentRes.json<{ comment: { _id: string } }>().comment._id;
      const replyRes = await app.inject({ method: 'POST', url: '/api/posts/addReply', headers: author.auth, payload: { postId, commentId, content: 'Thanks' } });
      const replyId = replyRes.json<{ reply: { _id: string } }>().reply._id;
      if (rng.chance(0.5)) await advanceTo(app, dept, postId, 'Problem Seen');
      const photo = rng.chance(0.3) ? await jpeg(80, 80) : null;
      const someone = () => rng.pick([author, neighbour]);

      const ops: Array<{ name: string; run: () => Promise<{ statusCode: number; body: string }> }> = [
        { name: 'deleteComment', run: () => app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: rng.pick([neighbour, admin]).auth, payload: { postId, commentId } }) },
        { name: 'deleteReply', run: () => app.inject({ method: 'DELETE', url: '/api/posts/deleteReply', headers: rng.pick([author, admin]).auth, payload: { postId, commentId, replyId } }) },
        { name: 'addComment', run: () => app.inject({ method: 'POST', url: '/api/posts/addComment', headers: someone().auth, payload: { postId, content: 'Still there' } }) },
        { name: 'addReply', run: () => app.inject({ method: 'POST', url: '/api/posts/addReply', headers: someone().auth, payload: { postId, commentId, content: 'Yes' } }) },
        { name: 'vote', run: () => app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: rng.pick([author, neighbour, dept]).auth, payload: { postId, type: rng.pick(['upvote', 'downvote']) } }) },
        { name: 'deletePost', run: () => app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth }) },
        { name: 'adminDeletePost', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${postId}`, headers: admin.auth, payload: {} }) },
        { name: 'deleteAuthor', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${author.id}`, headers: admin.auth, payload: {} }) },
        { name: 'deleteNeighbour', run: () => app.inject({ method: 'DELETE', url: '/api/account', headers: neighbour.auth, payload: { password: neighbour.password } }) },
        { name: 'deleteDept', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${dept.id}`, headers: admin.auth, payload: {} }) },
        { name: 'verifyDept', run: () => app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth }) },
        { name: 'revokeDept', run: () => app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: 'Check' } }) },
        { name: 'advance', run: () => app.inject({ method: 'PUT', url: `/api/gov/progressState/${postId}`, headers: dept.auth }) },
        { name: 'regress', run: () => app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${postId}`, headers: dept.auth }) },
        { name: 'chat', run: () => app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: neighbour.auth, payload: { msg: 'Anyone else?' } }) },
        {
          name: 'profile',
          run: () => {
            const body = raceProfileBody({ name: 'Renamed' }, photo);
            return app.inject({ method: 'PUT', url: '/api/user/updateProfile', headers: { ...neighbour.auth, ...body.headers }, payload: body.payload });
          },
        },
        { name: 'password', run: () => app.inject({ method: 'PUT', url: '/api/account/password', headers: author.auth, payload: { currentPassword: author.password, newPassword: `changed-${rng.int(3)}-pass` } }) },
        { name: 'read', run: () => app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: neighbour.auth }) },
      ];
      const batch = Array.from({ length: 6 + rng.int(7) }, () => rng.pick(ops));
      const answers = await Promise.all(batch.map((op) => op.run()));
      answers.forEach((res, i) => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`round ${round} ${batch[i]!.name} [${batch.map((b) => b.name).join(', ')}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      // The counters the races touch stay exact.
      const row = await app.ctx.database.db.selectFrom('posts').select(['comment_count', 'upvote_count', 'downvote_count']).where('id', '=', postId).executeTakeFirst();
      if (row) {
        const db = app.ctx.database.db;
        const comments = await db.selectFrom('comments').select('id').where('post_id', '=', postId).where('parent_id', 'is', null).execute();
        const votes = await db.selectFrom('votes').select('type').where('post_id', '=', postId).execute();
        const counted = [Number(row.comment_count), Number(row.upvote_count), Number(row.downvote_count)];
        const actual = [comments.length, votes.filter((v) => v.type === 'upvote').length, votes.filter((v) => v.type === 'downvote').length];
        if (counted.join() !== actual.join()) failures.push(`round ${round} counters ${counted.join()} ≠ rows ${actual.join()} [${batch.map((b) => b.name).join(', ')}]`);
      }
    }
    const histogram = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`fuzz races ${t.engine}: ${ROUNDS} batches, ${histogram}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 180_000);
});

/** A profile edit's multipart body (with a photo or not), built here so this block needs no import of its own. */
function raceProfileBody(fields: Record<string, string>, photo: Buffer | null): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----racefuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (photo) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Issue 25: answers are bounded in bytes. Generated worst content (texts at their limits, made of the
// characters JSON and UTF-8 write longest) is posted through the API, then every read of posts, comments
// and replies, with generated paging, must answer within LIMITS.answerBytesMax. Self-contained: its own app.
describe('fuzz: answer size under worst content', () => {
  let t: TestApp;
  let cast: Cast;
  let answerBytesMax = 0;
  const postIds: string[] = [];
  const threads: Array<{ postId: string; commentId: string }> = [];
  const rng = prng(SEED ^ 0x25);
  /** Characters of 6 (control), 2 (quote, backslash), 3 (Devanagari, U+2028) and 4 (emoji) bytes of JSON. */
  const COSTLY = ['\u0001', '\u001f', '"', '\\', 'क', 'ि', '\u2028', '😀', ' '];
  const text = (max: number) => {
    let s = '';
    while (s.length < max - 1) s += rng.pick(COSTLY);
    return `x${s}`.slice(0, max).replace(/\s+$/, 'y');
  };

  beforeAll(async () => {
    const { LIMITS } = await import('@civicpulse/shared');
    answerBytesMax = LIMITS.answerBytesMax;
    t = await createTestApp();
    cast = await createCast(t.app);
    const image = await jpeg(32, 24);
    const say = (url: string, payload: object, who = cast.otherCitizen) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
    for (let i = 0; i < 60; i++) {
      const post = await createPost(t.app, rng.chance(0.5) ? cast.citizen : cast.otherCitizen, { caption: text(LIMITS.commentMaxChars), images: [image] });
      postIds.push(post._id);
      const comments = i === 0 ? 30 : 3;
      for (let c = 0; c < comments; c++) {
        const added = await say('/api/posts/addComment', { postId: post._id, content: text(LIMITS.commentMaxChars) });
        expect(added.statusCode).toBe(201);
        const commentId = added.json<{ comment: { _id: string } }>().comment._id;
        threads.push({ postId: post._id, commentId });
        const replies = i === 0 && c === 0 ? 100 : 4;
        for (let r = 0; r < replies; r++) {
          expect((await say('/api/posts/addReply', { postId: post._id, commentId, content: text(LIMITS.commentMaxChars) }, cast.citizen)).statusCode).toBe(201);
        }
      }
      await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: cast.citizen.auth, payload: { postId: post._id, type: rng.pick(['upvote', 'downvote']) } });
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every read of posts, comments and replies within LIMITS.answerBytesMax, and pages on past the cut', async () => {
    const reads: Array<[keyof Cast, string]> = [
      ['citizen', '/api/user/allPosts'],
      ['otherCitizen', '/api/user/allPosts?exclude=mine'],
      ['citizen', '/api/user/myPosts'],
      ['citizen', '/api/user/upvotedPosts'],
      ['citizen', '/api/user/downvotedPosts'],
      ['verifiedGov', '/api/gov/allPosts'],
      ['verifiedGov', '/api/gov/allPosts?scope=unassigned&area=all'],
      ['admin', '/api/admin/allPosts'],
      ['admin', '/api/admin/allPosts?q=x'],
      ['citizen', '/api/posts/similar?lat=19.0269&lng=72.8383&caption=x'],
    ];
    for (const postId of postIds.slice(0, 5)) reads.push(['otherGov', `/api/posts/post/${postId}`], ['admin', `/api/posts/post/${postId}/comments`]);
    for (const { postId, commentId } of threads.slice(0, 5)) reads.push(['citizen', `/api/posts/post/${postId}/comments/${commentId}/replies`]);
    let cut = 0;
    let largest = 0;
    for (const [who, base] of reads) {
      const [start = '', query = ''] = base.split('?');
      let path = start;
      let params = new URLSearchParams(query);
      for (let page = 0; page < 20; page++) {
        // Generated paging: no limit (the spec's clients), or any limit up to the largest page.
        const limit = rng.chance(0.4) ? undefined : 1 + rng.int(100);
        const asked = new URLSearchParams(params);
        if (limit !== undefined) asked.set('limit', String(limit));
        const url = asked.toString() ? `${path}?${asked.toString()}` : path;
        const res = await t.app.inject({ method: 'GET', url, headers: cast[who].auth });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        largest = Math.max(largest, res.rawPayload.length);
        expect(res.rawPayload.length, url).toBeLessThanOrEqual(answerBytesMax);
        const answer = res.json<Record<string, unknown>>();
        const items = Object.values(answer).find(Array.isArray) as unknown[] | undefined;
        const post = answer.post as { commentsCursor?: unknown } | undefined;
        const cursor = post ? post.commentsCursor : answer.nextCursor;
        if (typeof cursor !== 'string') break;
        if (items && limit !== undefined && items.length < limit) cut++;
        // The single post goes on through its comments route.
        if (post) path = `${path}/comments`;
        params = new URLSearchParams(post ? {} : params);
        params.set('cursor', cursor);
      }
    }
    console.log(`fuzz answer size ${t.engine}: ${reads.length} reads, largest ${largest} bytes, ${cut} pages cut by bytes`);
    // The content was worst enough that the byte budget, not the row limit, ended some pages.
    expect(cut).toBeGreaterThan(0);
  }, 300_000);
});
