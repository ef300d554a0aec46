/**
 * The web app's first render in Hindi loads only part of the shared objects' Hindi (core, login, feed);
 * each pair there must be the same English object and the same Hindi twin the full set maps it to.
 */
import { describe, expect, it } from 'vitest';
import { HI_BY_EN } from '../src/i18n/hi/index.js';
import { HI_CORE_PAIRS } from '../src/i18n/hi/core.js';
import { HI_FEED_PAIRS } from '../src/i18n/hi/feed.js';
import { HI_FORMS_PAIRS } from '../src/i18n/hi/forms.js';
import { HI_LOGIN_PAIRS } from '../src/i18n/hi/login.js';
import { POST_CARD_UI } from '../src/postCardUi.js';
import { POST_UI } from '../src/postUi.js';
import { TEXTS } from '../src/texts.js';

describe('the Hindi parts of the first render', () => {
  for (const [name, pairs] of [
    ['core', HI_CORE_PAIRS],
    ['forms', HI_FORMS_PAIRS],
    ['login', HI_LOGIN_PAIRS],
    ['feed', HI_FEED_PAIRS],
  ] as const) {
    it(`${name}: every pair is one of the full set's`, () => {
      expect(pairs.length).toBeGreaterThan(0);
      for (const [english, hindi] of pairs) {
        expect(HI_BY_EN.has(english)).toBe(true);
        expect(HI_BY_EN.get(english)).toBe(hindi);
      }
    });
  }

  it('has the frame texts in the core and the cards in the feed', () => {
    expect(HI_CORE_PAIRS.some(([english]) => english === TEXTS)).toBe(true);
    expect(HI_FEED_PAIRS.some(([english]) => english === POST_CARD_UI)).toBe(true);
  });

  it("the cards' part of POST_UI is the same texts in POST_UI, in both languages", () => {
    const cardHi = HI_BY_EN.get(POST_CARD_UI) as Record<string, unknown>;
    const postHi = HI_BY_EN.get(POST_UI) as Record<string, unknown>;
    for (const key of Object.keys(POST_CARD_UI)) {
      expect((POST_UI as Record<string, unknown>)[key]).toBe((POST_CARD_UI as Record<string, unknown>)[key]);
      expect(postHi[key]).toBe(cardHi[key]);
    }
  });
});
