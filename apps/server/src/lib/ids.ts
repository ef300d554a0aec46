import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * 24 hex characters (the length clients of the spec expect for `_id`): 12 of milliseconds, 4 of a
 * per-millisecond counter, 8 random. Ids sort by creation time, so "newest first" and cursors can use
 * the id alone as a tie-breaker.
 */
export function newId(now = Date.now()): string {
  if (now === lastMs) counter = (counter + 1) & 0xffff;
  else {
    lastMs = now;
    counter = 0;
  }
  return now.toString(16).padStart(12, '0') + counter.toString(16).padStart(4, '0') + randomBytes(4).toString('hex');
}
