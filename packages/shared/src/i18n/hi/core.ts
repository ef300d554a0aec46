/**
 * The Hindi of the shared text objects the app's frame (header, menus, notification bell), the landing
 * page and the signup form show on their first paint (the footer, loaded after it, waits for the full set): what the web app loads before its first render in Hindi on
 * those screens (`@civicpulse/shared/i18n/hi/core`; the login form adds ./login.ts, the feed
 * ./feed.ts), the rest (./index.ts) once that first screen is painted. Every English object here comes
 * from a module without zod schemas that the frame bundles anyway, so this chunk stays small: the
 * assistant's button has only its label here (ASSISTANT_BUTTON_TEXTS), its panel waits for the full set.
 * The forms' length checks (LENGTH_TEXTS) are ./forms.ts: the login and signup pages add them, the
 * landing page and the feed do without.
 */
import { ASSISTANT_BUTTON_TEXTS } from '../../assistantButton.js';
import { LIVE_UI } from '../../liveUi.js';
import { TEXTS } from '../../texts.js';
import { ASSISTANT_BUTTON_TEXTS_HI } from './assistantButton.js';
import { LIVE_UI_HI } from './liveUi.js';
import { pair, type TextPair } from './pairs.js';
import { TEXTS_HI } from './texts.js';

export type { TextPair } from './pairs.js';

export const HI_CORE_PAIRS: readonly TextPair[] = [
  pair(TEXTS, TEXTS_HI),
  pair(LIVE_UI, LIVE_UI_HI),
  pair(ASSISTANT_BUTTON_TEXTS, ASSISTANT_BUTTON_TEXTS_HI),
];
