/**
 * Issue 25: a card carries a shortened copy of each long text, so a list page of the longest texts the
 * limits allow is tens of KB, not MB. The rule is shared so the server's cards and any client preview
 * cut the same way, and so tests can state it.
 */
import { LIMITS } from './constants.js';

export interface ShortenedText {
  text: string;
  /** True exactly when the text was cut. */
  truncated: boolean;
}

const SPACE = /\s/u;
const MARK = /\p{M}/u;

/**
 * At most `max` characters (UTF-16 code units, as every text limit counts them), ending in '…' when cut.
 * Cuts at the last space when one falls in the last two fifths, else just before a whole character
 * (never inside a surrogate pair, never between a letter and its combining marks, as in Devanagari
 * vowel signs). Whitespace before the cut is dropped. The kept part is always a prefix of the text.
 */
export function shortenText(text: string, max: number = LIMITS.cardTextChars): ShortenedText {
  if (text.length <= max) return { text, truncated: false };
  let end = Math.max(1, max - 1); // room for the ellipsis
  const code = text.charCodeAt(end);
  if (code >= 0xdc00 && code <= 0xdfff) end--; // text[end] ends a pair: keep the whole pair out
  while (end > 0 && MARK.test(text[end]!)) end--; // text[end] is now the first character left out, marks and all
  let cut = end;
  for (let i = end; i > Math.floor(max * 0.6); i--) {
    if (SPACE.test(text[i]!)) {
      cut = i;
      break;
    }
  }
  return { text: `${text.slice(0, cut).trimEnd()}…`, truncated: true };
}
