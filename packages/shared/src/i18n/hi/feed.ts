/**
 * The Hindi of the shared text objects the Community Posts feed shows (its cards, filters and their
 * parts), on top of ./core.ts: loaded with it before the first render in Hindi when the first screen is
 * the feed (`@civicpulse/shared/i18n/hi/feed`). Every English object here comes from a module without
 * zod schemas. What a card shows only after a click that loads more code (the comment thread's flag
 * dialog, the assistant's panel) waits for the full set, which starts loading once the feed is painted.
 */
import { CATEGORY_UI } from '../../categories.js';
import { NAMES } from '../names.js';
import { DUPLICATE_TIMELINE_UI } from '../../duplicateTimeline.js';
import { FOLLOW_UI } from '../../followUi.js';
import { GOV_UI } from '../../govUi.js';
import { MY_POSTS_UI } from '../../myPostsUi.js';
import { POST_TEXTS } from '../../postRules.js';
import { POST_UI } from '../../postUi.js';
import { REOPEN_UI } from '../../reopenUi.js';
import { SERVICE_LEVEL_TEXTS } from '../../serviceLevels.js';
import { CATEGORY_UI_HI } from './categories.js';
import { DUPLICATE_TIMELINE_UI_HI } from './duplicates.js';
import { FOLLOW_UI_HI } from './follows.js';
import { GOV_UI_HI } from './govUi.js';
import { MY_POSTS_UI_HI } from './myPostsUi.js';
import { NAMES_HI } from './names.js';
import { pair, type TextPair } from './pairs.js';
import { POST_TEXTS_HI } from './postRules.js';
import { POST_UI_HI } from './postUi.js';
import { REOPEN_UI_HI } from './reopenUi.js';
import { SERVICE_LEVEL_TEXTS_HI } from './serviceLevels.js';

export const HI_FEED_PAIRS: readonly TextPair[] = [
  pair(NAMES, NAMES_HI),
  pair(POST_UI, POST_UI_HI),
  pair(POST_TEXTS, POST_TEXTS_HI),
  pair(CATEGORY_UI, CATEGORY_UI_HI),
  pair(FOLLOW_UI, FOLLOW_UI_HI),
  pair(MY_POSTS_UI, MY_POSTS_UI_HI),
  pair(SERVICE_LEVEL_TEXTS, SERVICE_LEVEL_TEXTS_HI),
  pair(GOV_UI, GOV_UI_HI),
  pair(REOPEN_UI, REOPEN_UI_HI),
  pair(DUPLICATE_TIMELINE_UI, DUPLICATE_TIMELINE_UI_HI),
];
