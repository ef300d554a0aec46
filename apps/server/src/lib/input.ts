import { LIMITS, TEXTS } from '@civicpulse/shared';

const NUL = '\u0000';

/** True when a text holds a NUL character, which PostgreSQL cannot store in text (SQLite would). */
export const hasNul = (text: string): boolean => text.includes(NUL);

/**
 * Looks through a decoded input (params, query, JSON body) for what no route can take: a NUL in any
 * text or key, at any depth, or nesting deeper than any request of the API has. Iterative, so a body
 * of a million nested arrays cannot exhaust the stack.
 */
export function inputProblem(value: unknown): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) return TEXTS.http.nulCharacter;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= LIMITS.jsonDepthMax) return TEXTS.http.nestedTooDeeply;
    if (Array.isArray(v)) {
      for (const item of v as unknown[]) stack.push([item, depth + 1]);
    } else {
      for (const [key, item] of Object.entries(v)) {
        if (hasNul(key)) return TEXTS.http.nulCharacter;
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}
