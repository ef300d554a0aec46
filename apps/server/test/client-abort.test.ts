/**
 * A client that goes away mid-upload (a closed tab, a phone losing its signal) is not a server fault:
 * it is logged at info, never at error, stores nothing, leaves no files, and the server goes on.
 * Sent over a real socket to a listening server, since app.inject cannot cut a body half-way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { createTestApp, signupCitizen, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let port: number;
let citizen: Actor;
const lines: Array<{ level: number; msg?: string; reqId?: string }> = [];

const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  citizen = await signupCitizen(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Starts a request whose body says it is 1 MB, sends `sent` bytes of it, then closes the connection. */
function abortMidBody(method: string, url: string, contentType: string, head: string, sent: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${citizen.token}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: 1000000\r\n\r\n${head}`,
      );
      socket.write(Buffer.alloc(sent, 0x41), () => setTimeout(() => socket.destroy(), 150));
    });
    socket.on('error', reject);
    socket.on('close', () => setTimeout(resolve, 150));
  });
}

function uploadedFiles(): string[] {
  const dir = path.join(t.dataDir, 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

describe('a client that aborts its request', () => {
  it('is logged at info, not as a failed request, and leaves nothing behind', async () => {
    const filesBefore = uploadedFiles();
    const boundary = 'abortedUploadBoundary';
    const filePart = (field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nPothole near the school gate\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="road.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const form = `multipart/form-data; boundary=${boundary}`;
    const before = lines.length;
    await abortMidBody('POST', '/api/user/createPost', form, filePart('images'), 64 * 1024);
    await abortMidBody('PUT', '/api/user/updateProfile', form, filePart('file'), 64 * 1024);
    await abortMidBody('POST', '/api/gov/signup', form, filePart('proofDoc'), 64 * 1024);
    await abortMidBody('POST', '/api/posts/addComment', 'application/json', '{"postId":"', 1000);

    const logged = lines.slice(before);
    const errors = logged.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual([]);
    // One info line for each upload the client cut off.
    expect(logged.filter((l) => l.level === 30 && l.msg === 'client aborted the request').length).toBeGreaterThanOrEqual(3);

    // Nothing stored: no report, no files; the server answers the next request as usual.
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/myPosts', headers: citizen.auth });
    expect(mine.json<{ posts: unknown[] }>().posts).toEqual([]);
    expect(uploadedFiles()).toEqual(filesBefore);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
