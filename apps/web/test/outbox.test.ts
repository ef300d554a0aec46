/**
 * The report outbox's sending rules (issue 17 item 7), without a browser: which answers end a queued
 * report and which keep it, and that every send is the createPost request with the report's key.
 * (Queueing itself, IndexedDB and Background Sync, is covered by e2e/tests/offline.spec.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../src/offline/db';
import { outcomeOfStatus, reportForm, sendQueued, tokenClaims } from '../src/offline/outbox';

const entry: OutboxEntry = {
  key: '0b6f4c1e-3d2a-4f5b-8c7d-9e0f1a2b3c4d',
  account: 'acc-1',
  token: 'x.y.z',
  language: 'hi',
  report: {
    caption: 'Deep pothole',
    priority: 'High',
    category: 'roads',
    location: { state: 'Maharashtra', landmark: 'Library', address: 'FC Road', pincode: '411005', city: 'Pune', coordinates: { lat: 18.5, lng: 73.8 } },
  },
  photos: [{ name: 'pothole.png', type: 'image/png', lastModified: 1, blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) }],
  queuedAt: 0,
  attempts: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox', () => {
  it('keeps a report for no answer, a server trouble or a busy key; ends it for a refusal; waits for a sign-in on 401', () => {
    expect(outcomeOfStatus(0, '').kind).toBe('retry');
    for (const status of [500, 502, 503, 408, 409, 425, 429]) expect(outcomeOfStatus(status, 'x').kind, String(status)).toBe('retry');
    for (const status of [400, 403, 404, 413, 422]) expect(outcomeOfStatus(status, 'x').kind, String(status)).toBe('rejected');
    expect(outcomeOfStatus(401, 'x').kind).toBe('unauthorized');
  });

  it('reads the account and expiry from a token', () => {
    const payload = Buffer.from(JSON.stringify({ id: 'acc-1', exp: 2_000_000_000 })).toString('base64url');
    expect(tokenClaims(`h.${payload}.s`)).toEqual({ id: 'acc-1', exp: 2_000_000_000 });
    expect(tokenClaims('not-a-token')).toBeNull();
  });

  it('sends the fields in createPost order, the photos as files', () => {
    const form = reportForm(entry);
    expect([...form.keys()]).toEqual(['caption', 'priority', 'category', 'location', 'images']);
    expect(JSON.parse(String(form.get('location')))).toEqual(entry.report.location);
    const image = form.get('images') as File;
    expect(image.name).toBe('pothole.png');
    expect(image.type).toBe('image/png');
    expect(image.size).toBe(3);
  });

  it('sends with the token, the language and the same Idempotency-Key every time', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ message: 'Issue reported successfully', post: { _id: 'p1' } }), { status: 201 });
    });
    expect(await sendQueued(entry, 'tok')).toEqual({ kind: 'sent', postId: 'p1', message: 'Issue reported successfully' });
    await sendQueued(entry, 'tok');
    expect(calls).toHaveLength(2);
    for (const { url, init } of calls) {
      expect(url).toBe('/api/user/createPost');
      expect(init.method).toBe('POST');
      expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Idempotency-Key': entry.key, 'Accept-Language': 'hi' });
    }
  });

  it('answers retry when the network fails and rejected with the server message on a 400', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendQueued(entry, 'tok')).toEqual({ kind: 'retry', message: '' });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Please select a state.' }), { status: 400 }));
    expect(await sendQueued(entry, 'tok')).toEqual({ kind: 'rejected', status: 400, message: 'Please select a state.' });
  });
});
