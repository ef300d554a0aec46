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

/** Nesting past which jsonBytesAtMost stops walking and writes the value (a cycle throws there as JSON.stringify does). */
const BOUND_DEPTH = 64;

/**
 * An upper bound of jsonBytes(value), found by walking the value instead of writing it: a string is at
 * most 6 bytes per UTF-16 unit (the `\u0001` escape; UTF-8 needs at most 3) and its quotes, a number at
 * most 32 characters, an object its keys the same way with colons and commas. A card walks in about a
 * twentieth of the time JSON.stringify takes to write it, and most pages fit their budget by this
 * bound alone. Anything JSON.stringify treats specially (toJSON, a bigint) is measured exactly.
 */
export function jsonBytesAtMost(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length * 6 + 2;
    case 'number':
      return 32;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      if (depth >= BOUND_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return jsonBytes(value);
      if (Array.isArray(value)) {
        let bytes = 2 + Math.max(0, value.length - 1);
        for (const item of value) bytes += jsonBytesAtMost(item, depth + 1);
        return bytes;
      }
      let bytes = 2;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        // Key, quotes, colon and a comma; an undefined value is left out by JSON.stringify and counted here.
        bytes += key.length * 6 + 4 + jsonBytesAtMost((value as Record<string, unknown>)[key], depth + 1);
      }
      return bytes;
    }
    case 'undefined':
    case 'function':
    case 'symbol':
      // `null` in a list, nothing in an object.
      return 4;
    default:
      return jsonBytes(value);
  }
}

/**
 * A running byte budget for one answer's list; the first item is always taken, so every page moves on.
 * Items are counted by their bound (jsonBytesAtMost) while the bounds fit; the first item whose bound
 * would pass the budget has the items so far and itself measured exactly, and from then on every item
 * is. A bound that fits means the exact size fits too, so the cut falls on the same item as when every
 * item is written.
 */
export class ByteBudget {
  private used = 0;
  private taken = 0;
  /** The items taken while counting by bounds (dropped once the count is exact). */
  private bounded: unknown[] | null = [];

  constructor(private readonly bytes: number = LIMITS.answerBytesMax - ENVELOPE_BYTES) {}

  /** Counts the item in and answers true when it still fits (with its separating comma), else false. */
  take(item: unknown): boolean {
    const comma = this.taken > 0 ? 1 : 0;
    if (this.bounded) {
      const bound = jsonBytesAtMost(item) + comma;
      if (this.used + bound <= this.bytes || this.taken === 0) {
        this.used += bound;
        this.taken++;
        this.bounded.push(item);
        return true;
      }
      this.used = this.bounded.reduce<number>((sum, earlier, i) => sum + jsonBytes(earlier) + (i > 0 ? 1 : 0), 0);
      this.bounded = null;
    }
    const size = jsonBytes(item) + comma;
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
