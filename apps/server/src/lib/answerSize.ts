/**
 * Issue 25: answers are bounded in bytes, not only in rows. A list of the longest texts the limits
 * allow (2,000 characters of Devanagari at 3 bytes each, or of control characters JSON writes as 6-byte
 * `\u0001` escapes) would otherwise reach tens of MB. Items are measured as they are presented and a
 * page stops before the one that would pass the budget; the page's cursor then starts at that item.
 */
import { LIMITS } from '@civicpulse/shared';

/** Room kept for the answer's envelope beside its list: `{"posts":[…],"nextCursor":"…","total":…,"area":…}`. */
export const ENVELOPE_BYTES = 4096;

/** The UTF-8 size of a value as JSON (what the serializer writes; the response schema may only drop fields). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/** A running byte budget for one answer's list; the first item is always taken, so every page moves on. */
export class ByteBudget {
  private used = 0;
  private taken = 0;

  constructor(private readonly bytes: number = LIMITS.answerBytesMax - ENVELOPE_BYTES) {}

  /** Counts the item in and answers true when it still fits (with its separating comma), else false. */
  take(item: unknown): boolean {
    const size = jsonBytes(item) + (this.taken > 0 ? 1 : 0);
    if (this.taken > 0 && this.used + size > this.bytes) return false;
    this.used += size;
    this.taken++;
    return true;
  }
}

/** The longest prefix of `items` that fits in a budget of `bytes` (at least the first item). */
export function fittingPrefix<T>(items: T[], bytes?: number): T[] {
  const budget = new ByteBudget(bytes);
  const out: T[] = [];
  for (const item of items) {
    if (!budget.take(item)) break;
    out.push(item);
  }
  return out;
}
