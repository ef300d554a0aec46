/**
 * The Hindi of the shared text objects the Community Posts feed shows (its cards, filters and their
 * parts), on top of ./core.ts: loaded with it before the first render in Hindi when the first screen is
 * the feed (`@civicpulse/shared/i18n/hi/feed`). Every English object here comes from a module without
 * zod schemas. Of POST_UI, and of the department screens', My Issues' and the service levels' texts,
 * only the parts the cards show are here, in objects of their own (../../postCardUi.ts: POST_CARD_UI,
 * TIMELINE_UI, PLACE_UI, OVERDUE_TEXTS). What a card shows only after a click that loads more code (the
 * comment thread with its flag dialog, the timeline's entries) or only on some reports (a rejected
 * proof), and the assistant's panel, wait for the full set, which starts loading once the feed is painted.
 */
import { CATEGORY_UI } from '../../categories.js';
import { NAMES } from '../names.js';
import { FOLLOW_UI } from '../../followUi.js';
import { OVERDUE_TEXTS, PLACE_UI, POST_CARD_UI, TIMELINE_UI } from '../../postCardUi.js';
import { CATEGORY_UI_HI } from './categories.js';
import { FOLLOW_UI_HI } from './follows.js';
import { NAMES_HI } from './names.js';
import { pair, type TextPair } from './pairs.js';
import { OVERDUE_TEXTS_HI, PLACE_UI_HI, POST_CARD_UI_HI, TIMELINE_UI_HI } from './postCardUi.js';

export const HI_FEED_PAIRS: readonly TextPair[] = [
  pair(NAMES, NAMES_HI),
  pair(POST_CARD_UI, POST_CARD_UI_HI),
  pair(CATEGORY_UI, CATEGORY_UI_HI),
  pair(FOLLOW_UI, FOLLOW_UI_HI),
  pair(PLACE_UI, PLACE_UI_HI),
  pair(OVERDUE_TEXTS, OVERDUE_TEXTS_HI),
  pair(TIMELINE_UI, TIMELINE_UI_HI),
];
