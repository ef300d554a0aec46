/**
 * The byte budget of a list answer (issue 25) counts items by a bound found without writing them
 * (issue 31: writing every card twice, once to measure and once to answer, was a twentieth of the feed's
 * time). The bound must never be below the written size, and a page must be cut at the same item as
 * when every item is written and measured.
 */
import { describe, expect, it } from 'vitest';
import { ByteBudget, jsonBytes, jsonBytesAtMost } from '../src/lib/answerSize.js';
import { prng } from './helpers/fuzz-input.js';

/** A seeded generator, so a failure repeats. */
const random = (seed: number): (() => number) => prng(seed).next;

/** Characters JSON writes in 1 to 6 bytes: escapes, quotes, Devanagari, an emoji's pair and a lone half. */
const CHARS = ['a', ' ', '\u0001', '\u001f', '"', '\\', '\n', 'न', 'ि', '\u2028', '😀', '\ud800', '\udc00', 'é', '€'];
const NUMBERS = [0, -0, 1, -1, 42, 2 ** 31, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE,
  -0.0000012345678901234567, -123456789012345680000, 1e21, -2.2250738585072014e-308, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2];

function text(next: () => number, max: number): string {
  let out = '';
  const length = Math.floor(next() * max);
  for (let i = 0; i < length; i++) out += CHARS[Math.floor(next() * CHARS.length)];
  return out;
}

function value(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 3 ? 6 : 9));
  switch (kind) {
    case 0: return text(next, 40);
    case 1: return NUMBERS[Math.floor(next() * NUMBERS.length)];
    case 2: return next() < 0.5;
    case 3: return null;
    case 4: return undefined;
    case 5: return new Date(Math.floor(next() * 2e12));
    case 6: return Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      const keys = Math.floor(next() * 6);
      for (let i = 0; i < keys; i++) object[text(next, 8) || `k${i}`] = value(next, depth + 1);
      return object;
    }
  }
}

/** A card-like item: the kind of object a list answer holds. */
function item(next: () => number): Record<string, unknown> {
  return {
    _id: 'a'.repeat(24),
    // A third of the captions are all 6-byte escapes, where a bound any lower would be below the size.
    caption: next() < 0.33 ? '\u0001'.repeat(Math.floor(next() * 300)) : text(next, 300),
    votes: Math.floor(next() * 1000),
    tags: Array.from({ length: Math.floor(next() * 4) }, () => text(next, 12)),
    extra: value(next, 0),
  };
}

/** The reference: every item written and measured (the budget before the bound). */
function exactCut(items: unknown[], bytes: number): number {
  let used = 0;
  let taken = 0;
  for (const one of items) {
    const size = jsonBytes(one) + (taken > 0 ? 1 : 0);
    if (taken > 0 && used + size > bytes) break;
    used += size;
    taken++;
  }
  return taken;
}

function budgetCut(items: unknown[], bytes: number): number {
  const budget = new ByteBudget(bytes);
  let taken = 0;
  for (const one of items) {
    if (!budget.take(one)) break;
    taken++;
  }
  return taken;
}

describe('the byte budget counts by a bound', () => {
  it('never bounds a value below the size JSON.stringify writes, whatever it holds', () => {
    const next = random(31);
    for (let i = 0; i < 5000; i++) {
      const one = value(next, 0);
      expect(jsonBytesAtMost(one), JSON.stringify(one)).toBeGreaterThanOrEqual(jsonBytes(one));
    }
    // The costliest strings: six bytes per character, each escape written whole.
    const escapes = '\u0001'.repeat(1000);
    expect(jsonBytesAtMost(escapes)).toBe(jsonBytes(escapes));
    for (const n of NUMBERS) expect(jsonBytesAtMost(n)).toBeGreaterThanOrEqual(jsonBytes(n));
    expect(jsonBytesAtMost([undefined, () => 1])).toBeGreaterThanOrEqual(jsonBytes([undefined, () => 1]));
  });

  it('cuts every page at the item where writing and measuring each item cuts it', () => {
    const next = random(25);
    let cutEarly = 0;
    for (let round = 0; round < 400; round++) {
      const items = Array.from({ length: 1 + Math.floor(next() * 40) }, () => item(next));
      const total = items.reduce<number>((sum, one) => sum + jsonBytes(one) + 1, 0);
      // Budgets from below the first item's size to past the whole list's.
      const bytes = Math.floor(next() * total * 1.2);
      const expected = exactCut(items, bytes);
      expect(budgetCut(items, bytes), `round ${round}, ${bytes} bytes`).toBe(expected);
      if (expected < items.length) cutEarly++;
    }
    // The rounds did reach the cut, not only whole lists.
    expect(cutEarly).toBeGreaterThan(100);
  });

  it('takes the first item even when it alone passes the budget, and then nothing more', () => {
    const big = { caption: '\u0001'.repeat(500) };
    expect(budgetCut([big, { a: 1 }], 100)).toBe(1);
    expect(budgetCut([{ a: 1 }, big, { a: 1 }], 100)).toBe(1);
  });

  it('still throws on a value JSON cannot write, as writing it did', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => new ByteBudget().take(cyclic)).toThrow(TypeError);
    expect(() => new ByteBudget().take({ n: 1n })).toThrow(TypeError);
  });
});
