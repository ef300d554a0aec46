/**
 * The browser's own store for reports that must survive a bad connection (issue 17, items 6 and 7):
 * IndexedDB `civicpulse-offline`, opened by the pages and by the service worker alike (no DOM, no
 * localStorage here).
 *
 * - `drafts`: one Create Civic Issue draft per signed-in account (key: the account id), saved as the
 *   user types, photos included as Blobs.
 * - `outbox`: reports submitted but not yet answered by the server (key: the report's idempotency key),
 *   with everything needed to send them again without the page: fields, photos, the account's token.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreatePostLocation } from '../api/posts';

/** A photo as the draft and the outbox keep it (a File's parts: IndexedDB keeps Blobs everywhere). */
export interface StoredPhoto {
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}

/** The place of a report, as Create Civic Issue's form holds it. */
export interface ReportPlace {
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  city: string;
  point: { lat: number; lng: number } | null;
}

export interface Draft extends ReportPlace {
  /** The signed-in account the draft belongs to. */
  account: string;
  caption: string;
  priority: string;
  /** The category the user picked; null while it follows the caption's suggestion. */
  category: string | null;
  /** Anonymous reports: the reporter ticked "Hide my name on this report". */
  anonymous?: boolean;
  photos: StoredPhoto[];
  /**
   * The report's Idempotency-Key (crypto.randomUUID()), made with the draft and kept with it: every send
   * of this report, queued or not, carries the same key, so a first attempt that did reach the server
   * makes no second post.
   */
  key: string;
  savedAt: number;
  /** The server's refusal of a queued send (a 4xx answer): shown when the form opens again. */
  problem?: string;
}

/** The createPost request of one report, exactly as it is sent. */
export interface QueuedReport {
  caption: string;
  priority: string;
  category?: string;
  /** Anonymous reports: sent as `anonymous=true`. */
  anonymous?: boolean;
  location: CreatePostLocation;
}

export interface OutboxEntry {
  /** The Idempotency-Key (the draft's key). */
  key: string;
  account: string;
  /** The bearer token when it was queued: the service worker cannot read localStorage. */
  token: string;
  /** Accept-Language for the server's answer texts. */
  language: string;
  report: QueuedReport;
  photos: StoredPhoto[];
  queuedAt: number;
  attempts: number;
  /** The last failure's text, if the server answered one (a 5xx, a 401). */
  lastError?: string;
}

interface OfflineSchema extends DBSchema {
  drafts: { key: string; value: Draft };
  outbox: { key: string; value: OutboxEntry; indexes: { account: string } };
}

export const DB_NAME = 'civicpulse-offline';

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The database, opened once per page or worker. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'account' });
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('account', 'account');
    },
    // Another tab opening a newer version: let it, and reopen on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export function toStoredPhoto(file: File): StoredPhoto {
  return { name: file.name, type: file.type, lastModified: file.lastModified, blob: file };
}

export function toFile(photo: StoredPhoto): File {
  return new File([photo.blob], photo.name, { type: photo.type, lastModified: photo.lastModified });
}
