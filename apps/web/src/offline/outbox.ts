/**
 * The report outbox (issue 17, item 7). A report is written here before it is sent and leaves only when
 * the server has answered it: with the post (sent) or with a refusal (a 4xx: it goes back to the draft
 * with the server's message). A send that never got an answer (offline, the connection dropped
 * mid-upload, a 5xx) leaves it here, and it is sent again:
 * - by the service worker's Background Sync (`sync` event, tag OUTBOX_SYNC_TAG) where the browser has it,
 * - else by the pages: on the `online` event and when the app starts (components/offline/OutboxWatcher).
 * Every send of a report carries its Idempotency-Key, so a first attempt that did reach the server makes
 * no second post. Sends are serialised across tabs and the service worker with a Web Lock.
 *
 * Runs in pages and in the service worker: fetch, FormData, IndexedDB, BroadcastChannel only.
 */
import { offlineDb, toFile, type Draft, type OutboxEntry } from './db';

export const OUTBOX_SYNC_TAG = 'civicpulse-outbox';
const CHANNEL = 'civicpulse-outbox';
const LOCK = 'civicpulse-outbox';
export const CREATE_POST_URL = '/api/user/createPost';

/** What happened to a report, told to every open page (and the service worker's own listeners). */
export type OutboxEvent =
  | { type: 'queued'; account: string; key: string }
  | { type: 'sent'; account: string; key: string; postId: string; message: string; from: string; direct: boolean }
  | { type: 'rejected'; account: string; key: string; message: string; from: string }
  | { type: 'changed'; account: string; key: string };

/** This page's (or worker's) id: a listener can tell what it did itself from what another tab did. */
export const CONTEXT_ID = Math.random().toString(36).slice(2);

export type SendOutcome =
  | { kind: 'sent'; postId: string; message: string }
  /** A 4xx other than 401/408/409/425/429: the report itself is refused (validation); resending cannot help. */
  | { kind: 'rejected'; status: number; message: string }
  /** The token is no longer accepted: kept until the account signs in again. */
  | { kind: 'unauthorized'; message: string }
  /** No answer (offline, dropped) or a passing server trouble (5xx, 408, 409, 425, 429): send again later. */
  | { kind: 'retry'; message: string };

/** How a status of a failed createPost reads for the outbox (status 0: no answer at all). */
export function outcomeOfStatus(status: number, message: string): SendOutcome {
  if (status === 401) return { kind: 'unauthorized', message };
  if (status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status)) return { kind: 'rejected', status, message };
  return { kind: 'retry', message };
}

export function announce(event: OutboxEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  // A channel of its own: BroadcastChannel delivers to every other object of the name, this page's included.
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` for every outbox event from any tab or the service worker; returns the unsubscribe. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<OutboxEvent>) => listener(message.data);
  return () => channel.close();
}

/** Runs `task` while no other tab or the service worker is sending from the outbox. */
export async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request(LOCK, task) as Promise<T>;
}

export async function queueReport(entry: OutboxEntry): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
  announce({ type: 'queued', account: entry.account, key: entry.key });
}

export async function isQueued(key: string): Promise<boolean> {
  return (await (await offlineDb()).getKey('outbox', key)) !== undefined;
}

export async function queuedFor(account: string): Promise<OutboxEntry[]> {
  if (!account) return [];
  return (await offlineDb()).getAllFromIndex('outbox', 'account', account);
}

/**
 * Logout: the account's queued reports stay (nothing the user submitted is lost) but forget the token
 * kept with them, so nothing on this device can act as the account once it has signed out. They are
 * sent when the account signs in here again (flushOutbox takes the signed-in token).
 */
export async function forgetTokens(account: string): Promise<void> {
  if (!account) return;
  await withOutboxLock(async () => {
    const db = await offlineDb();
    for (const entry of await db.getAllFromIndex('outbox', 'account', account)) {
      if (entry.token) await db.put('outbox', { ...entry, token: '' });
    }
  });
}

/** Takes a report out of the queue (the user edits it again), under the lock so no send is halfway. */
export async function unqueueReport(key: string): Promise<void> {
  await withOutboxLock(async () => {
    const db = await offlineDb();
    const entry = await db.get('outbox', key);
    await db.delete('outbox', key);
    if (entry) announce({ type: 'changed', account: entry.account, key });
  });
}

/** The account id and expiry in a token's middle segment (no check of the signature: the server does that). */
export function tokenClaims(token: string): { id: string; exp: number } | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { id?: unknown; exp?: unknown };
    if (typeof claims.id !== 'string') return null;
    return { id: claims.id, exp: typeof claims.exp === 'number' ? claims.exp : 0 };
  } catch {
    return null;
  }
}

function tokenUsable(token: string, now = Date.now()): boolean {
  const claims = tokenClaims(token);
  return claims !== null && (claims.exp === 0 || claims.exp * 1000 > now);
}

/** The createPost form of a queued report: the same fields, in the same order, as api/posts.ts createPost. */
export function reportForm(entry: OutboxEntry): FormData {
  const form = new FormData();
  form.append('caption', entry.report.caption);
  form.append('priority', entry.report.priority);
  if (entry.report.category) form.append('category', entry.report.category);
  if (entry.report.anonymous) form.append('anonymous', 'true');
  form.append('location', JSON.stringify(entry.report.location));
  for (const photo of entry.photos) form.append('images', toFile(photo), photo.name);
  return form;
}

function messageIn(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof (body as { message: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return '';
}

/** One send of a queued report with fetch (the service worker has no XMLHttpRequest). */
export async function sendQueued(entry: OutboxEntry, token: string): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(CREATE_POST_URL, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': entry.language,
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': entry.key,
      },
      body: reportForm(entry),
    });
  } catch {
    return { kind: 'retry', message: '' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: the status says enough
  }
  const message = messageIn(body);
  if (response.ok) {
    const post = body && typeof body === 'object' ? (body as { post?: { _id?: unknown } }).post : undefined;
    return { kind: 'sent', postId: typeof post?._id === 'string' ? post._id : '', message };
  }
  return outcomeOfStatus(response.status, message || `${response.status} ${response.statusText}`.trim());
}

/**
 * Records what a send of `entry` came to, and tells the open pages:
 * sent → the entry and its draft go; rejected → the entry goes and the draft keeps the report with the
 * server's message; otherwise the entry stays (with its attempt counted).
 */
export async function settle(entry: OutboxEntry, outcome: SendOutcome, direct = false): Promise<void> {
  const db = await offlineDb();
  if (outcome.kind === 'sent') {
    const tx = db.transaction(['outbox', 'drafts'], 'readwrite');
    await tx.objectStore('outbox').delete(entry.key);
    const draft = await tx.objectStore('drafts').get(entry.account);
    if (draft && draft.key === entry.key) await tx.objectStore('drafts').delete(entry.account);
    await tx.done;
    announce({ type: 'sent', account: entry.account, key: entry.key, postId: outcome.postId, message: outcome.message, from: CONTEXT_ID, direct });
    return;
  }
  if (outcome.kind === 'rejected') {
    const tx = db.transaction(['outbox', 'drafts'], 'readwrite');
    await tx.objectStore('outbox').delete(entry.key);
    const drafts = tx.objectStore('drafts');
    const draft = await drafts.get(entry.account);
    if (!draft) {
      await drafts.put(draftOf(entry, outcome.message));
    } else if (draft.key === entry.key) {
      await drafts.put({ ...draft, problem: outcome.message });
    }
    await tx.done;
    announce({ type: 'rejected', account: entry.account, key: entry.key, message: outcome.message, from: CONTEXT_ID });
    return;
  }
  const tx = db.transaction('outbox', 'readwrite');
  const current = await tx.store.get(entry.key);
  if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastError: outcome.message || current.lastError });
  await tx.done;
  announce({ type: 'changed', account: entry.account, key: entry.key });
}

/** A draft holding a queued report again (its own draft was gone when the server refused it). */
function draftOf(entry: OutboxEntry, problem: string): Draft {
  const { location } = entry.report;
  return {
    account: entry.account,
    key: entry.key,
    caption: entry.report.caption,
    priority: entry.report.priority,
    category: entry.report.category ?? null,
    anonymous: entry.report.anonymous === true,
    state: location.state,
    landmark: location.landmark,
    address: location.address,
    pincode: location.pincode,
    city: location.city ?? '',
    point: location.coordinates,
    photos: entry.photos,
    savedAt: Date.now(),
    problem,
  };
}

export interface FlushResult {
  sent: number;
  /** The post each report sent by this flush made, by the report's key ('' when the answer named none). */
  sentPosts: Record<string, string>;
  rejected: number;
  /** Reports still queued that a later attempt may send (no connection, a 5xx). */
  waiting: number;
  /** Reports kept until their account signs in again (expired token). */
  needLogin: number;
}

/**
 * Sends every queued report once. `tokenFor` may offer a fresher token for an account (a page reads the
 * signed-in one); the token stored with the report is the fallback. Reports whose every token has
 * expired are not sent (the server would refuse them) and wait for a sign-in.
 */
export async function flushOutbox(tokenFor?: (account: string) => string | null): Promise<FlushResult> {
  return withOutboxLock(async () => {
    const result: FlushResult = { sent: 0, sentPosts: {}, rejected: 0, waiting: 0, needLogin: 0 };
    const entries = await (await offlineDb()).getAll('outbox');
    for (const entry of entries) {
      const fresh = tokenFor?.(entry.account) ?? null;
      const token = [fresh, entry.token].find((t): t is string => Boolean(t) && tokenUsable(t!));
      if (!token) {
        result.needLogin += 1;
        continue;
      }
      // The account signed in again: the service worker's later attempts use the new token too.
      if (token !== entry.token) await (await offlineDb()).put('outbox', { ...entry, token });
      const outcome = await sendQueued(entry, token);
      await settle(entry, outcome);
      if (outcome.kind === 'sent') {
        result.sent += 1;
        result.sentPosts[entry.key] = outcome.postId;
      } else if (outcome.kind === 'rejected') result.rejected += 1;
      else if (outcome.kind === 'unauthorized') result.needLogin += 1;
      else result.waiting += 1;
    }
    return result;
  });
}
