import { describe, expect, it } from 'vitest';
import { LIMITS, shortenText } from '../src/index.js';

describe('shortenText (issue 25: card texts)', () => {
  it('keeps a text of the limit whole and unflagged, and cuts one longer at the last space with an ellipsis', () => {
    const exact = 'a'.repeat(LIMITS.cardTextChars);
    expect(shortenText(exact)).toEqual({ text: exact, truncated: false });
    const words = `${'word '.repeat(LIMITS.cardTextChars / 5)}end`;
    const cut = shortenText(words);
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(LIMITS.cardTextChars);
    expect(cut.text).toMatch(/word…$/);
    expect(words.startsWith(cut.text.slice(0, -1))).toBe(true);
  });

  it('cuts a text without spaces just before a whole character: never inside a surrogate pair or before a vowel sign', () => {
    const emoji = '😀'.repeat(LIMITS.cardTextChars);
    const a = shortenText(emoji);
    expect(a.text.length).toBeLessThanOrEqual(LIMITS.cardTextChars);
    expect(a.text.slice(0, -1)).toBe('😀'.repeat((a.text.length - 1) / 2));
    // Devanagari: every consonant carries a vowel sign (a combining mark); the cut keeps them together.
    const hindi = 'कि'.repeat(LIMITS.cardTextChars);
    for (const max of [10, 11, 12, LIMITS.cardTextChars]) {
      const b = shortenText(hindi, max);
      expect(b.text.length).toBeLessThanOrEqual(max);
      expect(b.text.slice(0, -1)).toBe('कि'.repeat((b.text.length - 1) / 2));
    }
  });
});
