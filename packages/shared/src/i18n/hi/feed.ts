/**
 * The Hindi of the shared text objects the Community Posts feed shows (its cards, filters and their
 * parts), on top of ./core.ts: loaded with it before the first render in Hindi when the first screen is
 * the feed (`@civicpulse/shared/i18n/hi/feed`). Every English object here comes from a module without
 * zod schemas. What a card shows only after a click that loads more code (the comment thread with its
 * flag dialog, the timeline's entries) or only on some reports (a rejected proof), and the assistant's
 * panel, wait for the full set, which starts loading once the feed is painted.
 */
import { CATEGORY_UI } from '../../categories.js';
import { NAMES } from '../names.js';
import { FOLLOW_UI } from '../../followUi.js';
import { GOV_UI } from '../../govUi.js';
import { MY_POSTS_UI } from '../../myPostsUi.js';
import { POST_UI } from '../../postUi.js';
import { SERVICE_LEVEL_TEXTS } from '../../serviceLevels.js';
import { CATEGORY_UI_HI } from './categories.js';
import { FOLLOW_UI_HI } from './follows.js';
import { GOV_UI_HI } from './govUi.js';
import { MY_POSTS_UI_HI } from './myPostsUi.js';
import { NAMES_HI } from './names.js';
import { pair, type TextPair } from './pairs.js';
import { POST_UI_HI } from './postUi.js';
import { SERVICE_LEVEL_TEXTS_HI } from './serviceLevelTexts.js';

export const HI_FEED_PAIRS: readonly TextPair[] = [
  pair(NAMES, NAMES_HI),
  pair(POST_UI, POST_UI_HI),
  pair(CATEGORY_UI, CATEGORY_UI_HI),
  pair(FOLLOW_UI, FOLLOW_UI_HI),
  pair(MY_POSTS_UI, MY_POSTS_UI_HI),
  pair(SERVICE_LEVEL_TEXTS, SERVICE_LEVEL_TEXTS_HI),
  pair(GOV_UI, GOV_UI_HI),
];
