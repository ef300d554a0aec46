/**
 * Issue 13 item 2: two real server processes (`node apps/server/src/main.ts`, as production runs it)
 * on one PostgreSQL database and one Redis. A chat message posted through process A reaches a
 * socket connected to process B; a notification and a post update caused by a write on A reach
 * sockets on B; the chat budget and the live connection's seats per account (issue 25) are counted
 * across both. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set (CI sets both in its PostgreSQL step).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_LIMITS,
  LIVE_TEXTS,
  TEXTS,
  type ChatMessage,
  type NotificationItem,
  type PostUpdate,
  type WatchAck,
} from '@civicpulse/shared';
import { ADMIN, postForm, tinyPng, uniqueEmail } from './helpers/app.js';
import { nextEvent, openSocket, type Client } from './helpers/live.js';
import { freshDatabase, startNode, stopNode, type Node, nodeEnv } from './helpers/cluster.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  let a: Node | undefined;
  let b: Node | undefined;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    db = await freshDatabase(adminUrl!, 'civicpulse_cluster');
    dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-cluster-'));
    // A chat budget small enough to spend across both nodes in the test.
    const env = {
      ...nodeEnv({ databaseUrl: db.url, redisUrl: redisUrl!, dataDir, chatMax: 6 }),
    };
    // Started one after the other: the first runs the migrations.
    a = await startNode(env);
    b = await startNode(env);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopNode(a), stopNode(b)]);
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  }, 60_000);

  async function call<T>(node: Node, method: string, url: string, opts: { token?: string; json?: unknown; form?: FormData } = {}): Promise<{ status: number; body: T }> {
    const res = await fetch(node.url + url, {
      method,
      headers: {
        ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : opts.form ? { body: opts.form } : {}),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async function citizen(node: Node, name: string): Promise<{ id: string; token: string }> {
    const email = uniqueEmail('cluster');
    expect((await call(node, 'POST', '/api/user/signup', { json: { name, email, password: 'cluster-pass' } })).status).toBe(201);
    const { body } = await call<{ token: string }>(node, 'POST', '/api/user/login', { json: { email, password: 'cluster-pass' } });
    return { id: idOf(body.token), token: body.token };
  }

  function idOf(token: string): string {
    return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: string }).id;
  }

  const open = (node: Node, token: string) => openSocket(node.url, token, sockets);
  const next = nextEvent;

  it('carries chat, notifications and post updates from a write on A to sockets on B, and counts the chat budget across both', async () => {
    const asha = await citizen(a!, 'Asha On A');
    const ravi = await citizen(b!, 'Ravi On B');
    const raviOnB = await open(b!, ravi.token);

    // Chat: posted through A, received on B.
    const heard = next(raviOnB, 'receive_message');
    const sent = await call<{ data: ChatMessage }>(a!, 'POST', '/api/user/sendMessage', { token: asha.token, json: { msg: 'Hello from node A' } });
    expect(sent.status).toBe(201);
    expect(await heard).toEqual(sent.body.data);
    // And B's history has it (one database).
    expect((await call<ChatMessage[]>(b!, 'GET', '/api/user/getMessage?limit=1', { token: ravi.token })).body[0]).toEqual(sent.body.data);

    // A notification for Ravi (connected to B) caused by a department's move on A.
    const deptEmail = uniqueEmail('cluster-dept');
    const form = new FormData();
    for (const [k, v] of Object.entries({ department: 'Cluster Roads', email: deptEmail, password: 'dept-pass', confirmPassword: 'dept-pass', phone: '9876543210', city: 'Pune' })) form.append(k, v);
    form.append('proofDoc', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'proof.png');
    expect((await call(a!, 'POST', '/api/gov/signup', { form })).status).toBe(201);
    const dept = (await call<{ token: string }>(a!, 'POST', '/api/gov/login', { json: { officialEmail: deptEmail, password: 'dept-pass' } })).body.token;
    const adminToken = (await call<{ token: string }>(a!, 'POST', '/api/admin/login', { json: { email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret } })).body.token;
    expect((await call(a!, 'PUT', `/api/admin/verifyGovernment/${idOf(dept)}`, { token: adminToken })).status).toBe(200);

    const post = await postForm({ caption: 'Cluster pothole on the ring road near the flyover' });
    const created = await fetch(`${b!.url}/api/user/createPost`, { method: 'POST', headers: { Authorization: `Bearer ${ravi.token}`, ...post.headers }, body: new Uint8Array(post.payload) });
    expect(created.status).toBe(201);
    const postId = ((await created.json()) as { post: { _id: string } }).post._id;
    expect((await new Promise<WatchAck>((r) => raviOnB.emit('watch_posts', [postId], r))).ok).toBe(true);

    const note = next(raviOnB, 'notification');
    const moved = next(raviOnB, 'post_update');
    expect((await call(a!, 'PUT', `/api/gov/progressState/${postId}`, { token: dept })).status).toBe(200);
    expect(await note).toMatchObject<Partial<NotificationItem>>({ type: 'takenOver', postId, message: 'Cluster Roads took over your report "Cluster pothole on the ring road near the flyover"' });
    expect(await moved).toMatchObject<Partial<PostUpdate>>({ postId, reason: 'progress', progressState: 'Problem Seen' });

    // A vote on A: B's watcher sees the count.
    const voted = next(raviOnB, 'post_update');
    expect((await call(a!, 'PUT', '/api/posts/votePost', { token: asha.token, json: { postId, type: 'upvote' } })).status).toBe(200);
    expect(await voted).toMatchObject({ reason: 'vote', upvoteCount: 1 });

    // The chat budget (6 a window) is one across both nodes: Asha spent 1 on A; 5 more alternate; the 7th is refused.
    const codes: number[] = [];
    for (const node of [b!, a!, b!, a!, b!, a!]) codes.push((await call(node, 'POST', '/api/user/sendMessage', { token: asha.token, json: { msg: 'again' } })).status);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await call(b!, 'POST', '/api/user/sendMessage', { token: asha.token, json: { msg: 'again' } })).body).toEqual({ message: TEXTS.auth.rateLimited });
  }, 60_000);

  it('counts one account\'s sockets across both processes: spreading them over A and B does not get past the cap', async () => {
    const many = await citizen(a!, 'Many Devices');
    const mine: Client[] = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerAccount; i++) mine.push(await open(i % 2 === 0 ? a! : b!, many.token));
    await expect(open(a!, many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);
    await expect(open(b!, many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);
    expect(mine.every((s) => s.connected)).toBe(true);

    // A socket closed on A frees its seat for B at once (not after the seat's lapse).
    mine[0]!.disconnect();
    let again: Client | undefined;
    for (let i = 0; i < 50 && !again; i++) again = await open(b!, many.token).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 20)));
    expect(again?.connected).toBe(true);
    await expect(open(a!, many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);
  }, 60_000);
});
