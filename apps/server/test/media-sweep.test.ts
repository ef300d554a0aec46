/**
 * Files of uploads that never became a row (the process was killed between storing the files and
 * committing the row) are removed at start, once old enough that no upload can still be in flight.
 */
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, createTestApp, signupCitizen, signupGovernment, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function place(uploads: string, key: string, ageMinutes: number): Promise<void> {
  const file = path.join(uploads, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'leftover bytes');
  await age(uploads, key, ageMinutes);
}

async function age(uploads: string, key: string, minutes: number): Promise<void> {
  const when = new Date(Date.now() - minutes * 60_000);
  await utimes(path.join(uploads, key), when, when);
}

const exists = (uploads: string, key: string) => stat(path.join(uploads, key)).then(() => true, () => false);

describe('orphaned upload files', () => {
  it('are removed at start when older than 10 minutes; referenced, fresh and in-flight files stay', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const citizen = await signupCitizen(t.app);
    const gov = await signupGovernment(t.app);
    const post = await createPost(t.app, citizen);
    const image = (post.images as Array<{ url: string; thumbUrl: string }>)[0]!;
    const referenced = [image.url, image.thumbUrl].map((u) => `public/${new URL(u).pathname.replace(/^\/uploads\//, '')}`);
    const proof = (await t.app.ctx.repos.accounts.findById(gov.id))!.proof_doc_key!;
    // Everything that a row references is old too: age alone must never remove a file.
    for (const key of [...referenced, proof]) await age(uploads, key, 60);

    const orphan = 'public/posts/0123456789abcdef01234567/0123456789abcdef01234567.webp';
    const orphanThumb = 'public/posts/0123456789abcdef01234567/0123456789abcdef01234567-thumb.webp';
    const orphanProof = 'private/proofs/0123456789abcdef01234567.pdf';
    const leftoverTmp = `${referenced[0]}.1a2b3c4d.tmp`;
    const freshOrphan = 'public/posts/fedcba9876543210fedcba98/fedcba9876543210fedcba98.webp';
    const freshTmp = 'public/posts/fedcba9876543210fedcba98/x.webp.5e6f7a8b.tmp';
    await place(uploads, orphan, 11);
    await place(uploads, orphanThumb, 60 * 24);
    await place(uploads, orphanProof, 60);
    await place(uploads, leftoverTmp, 30);
    await place(uploads, freshOrphan, 2);
    await place(uploads, freshTmp, 0);

    const orphanUrl = '/uploads/posts/0123456789abcdef01234567/0123456789abcdef01234567.webp';
    expect((await t.app.inject({ method: 'GET', url: orphanUrl })).statusCode).toBe(200);

    const app = await t.restart();
    await app.mediaSweeper.idle();

    for (const key of [orphan, orphanThumb, orphanProof, leftoverTmp]) expect(await exists(uploads, key), key).toBe(false);
    for (const key of [...referenced, proof, freshOrphan, freshTmp]) expect(await exists(uploads, key), key).toBe(true);
    expect((await app.inject({ method: 'GET', url: orphanUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: new URL(image.url).pathname })).statusCode).toBe(200);
    const detail = await app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: citizen.auth });
    expect(detail.statusCode).toBe(200);
  });

});
