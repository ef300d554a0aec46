import { TEXTS } from '@civicpulse/shared';
import { badRequest } from './errors.js';

export type CursorPart = string | number;

/** Opaque keyset cursors: the sort key of the last row seen, as base64url JSON. */
export function encodeCursor(parts: CursorPart[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/**
 * The parts a cursor of ours was made of; null when none was sent. Anything else (not base64url, not
 * JSON, not a flat array of strings and numbers) answers 400: a cursor is opaque and only ever comes
 * from an answer, so a bad one is a client mistake, never something to guess at. Whether the parts
 * fit the list's sort is the caller's check.
 */
export function decodeCursor(cursor: string | undefined): CursorPart[] | null {
  if (cursor === undefined || cursor === '') return null;
  // Node's base64url decoder skips characters outside the alphabet; refuse them instead.
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(TEXTS.http.invalidCursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(TEXTS.http.invalidCursor);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string' || typeof p === 'number')) {
    throw badRequest(TEXTS.http.invalidCursor);
  }
  return parsed as CursorPart[];
}

/** One page of a list: its items and the cursor of the next page (null after the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
