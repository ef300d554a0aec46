/**
 * Translating a finished English text back into another language (issue 17 item 1: the server's
 * `{ message }` answers follow Accept-Language). The server builds its messages from the shared text
 * objects, so every message is one leaf of SHARED_EN, or the output of one of its functions. This module
 * turns a pair of twin text trees into a lookup from the English text to its translation:
 *
 * - a string leaf maps to the string at the same path of the other tree;
 * - a function leaf (a text with names or numbers in it) is called once with sentinel arguments; its
 *   output becomes a pattern whose sentinels are capture groups. A message that matches it is answered
 *   by the other tree's function, called with the captured values (numeric ones as numbers). A function
 *   that throws on the sentinels, or whose output leaves one of them out (a count that picks a plural
 *   form, a number it formats), cannot be reversed this way and is skipped.
 *
 * Pure and zod-free; the web app never imports it (see ./server.ts).
 */

type TextFn = (...args: unknown[]) => unknown;

interface Pattern {
  regex: RegExp;
  /** How many characters of the English output are fixed text: the more, the more specific. */
  fixed: number;
  /** Argument index of each capture group, in the order they appear. */
  order: number[];
  translate: TextFn;
}

export interface Localizer {
  /** The translation of an English message, or the message itself when it is not one of ours. */
  localize(message: string): string;
  /** Whether the message is one of ours (it reads differently in the other language, or could). */
  knows(message: string): boolean;
}

const sentinel = (i: number) => `\uE000${i}\uE001`;
const SENTINEL = /\uE000(\d+)\uE001/g;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "12", "-3", "1,234", "2.5": a number the English function printed (it is given back as a number). */
const NUMERIC = /^-?\d{1,3}(?:,\d{2,3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;

function patternOf(en: TextFn, other: TextFn): Pattern | null {
  const arity = en.length;
  if (arity === 0) return null;
  let out: unknown;
  try {
    out = en(...Array.from({ length: arity }, (_, i) => sentinel(i)));
  } catch {
    return null;
  }
  if (typeof out !== 'string') return null;
  const order: number[] = [];
  let source = '';
  let last = 0;
  let fixed = 0;
  for (const m of out.matchAll(SENTINEL)) {
    const literal = out.slice(last, m.index);
    source += escapeRegex(literal);
    fixed += literal.length;
    source += '([\\s\\S]+?)';
    order.push(Number(m[1]));
    last = m.index + m[0].length;
  }
  const tail = out.slice(last);
  source += escapeRegex(tail);
  fixed += tail.length;
  // Every argument must show in the output, or the other function could not be called with it.
  if (new Set(order).size !== arity || fixed === 0) return null;
  return { regex: new RegExp(`^${source}$`), fixed, order, translate: other };
}

/** Builds the lookup from an English text tree to its twin (same keys; functions with the same parameters). */
export function createLocalizer(english: unknown, other: unknown): Localizer {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  const walk = (en: unknown, tr: unknown) => {
    if (typeof en === 'string') {
      if (typeof tr === 'string' && !exact.has(en)) exact.set(en, tr);
    } else if (typeof en === 'function') {
      if (typeof tr !== 'function') return;
      const p = patternOf(en as TextFn, tr as TextFn);
      if (p) patterns.push(p);
    } else if (en && typeof en === 'object' && tr && typeof tr === 'object') {
      for (const [k, v] of Object.entries(en)) walk(v, (tr as Record<string, unknown>)[k]);
    }
  };
  walk(english, other);
  // The most specific first: "Showing 1 of 2 posts" before "by {name}".
  patterns.sort((a, b) => b.fixed - a.fixed);

  const viaPattern = (message: string): string | null => {
    for (const p of patterns) {
      const m = p.regex.exec(message);
      if (!m) continue;
      const args: unknown[] = [];
      p.order.forEach((argIndex, group) => {
        const value = m[group + 1] ?? '';
        args[argIndex] = NUMERIC.test(value) ? Number(value.replace(/,/g, '')) : value;
      });
      try {
        const out = p.translate(...args);
        // A word caught where the function wanted a number ("many reports" against "{n} reports").
        if (typeof out === 'string' && !/\bNaN\b|\bundefined\b/.test(out)) return out;
      } catch {
        // A translation that cannot take these values: try the next pattern, else keep the English.
      }
    }
    return null;
  };

  return {
    localize(message) {
      return exact.get(message) ?? viaPattern(message) ?? message;
    },
    knows(message) {
      return exact.has(message) || patterns.some((p) => p.regex.test(message));
    },
  };
}
