/**
 * The Hindi of the forms' length checks (LENGTH_TEXTS), on top of ./core.ts: loaded with it before the
 * first render in Hindi when the first screen is the login or signup form (`@civicpulse/shared/i18n/hi/forms`);
 * the landing page and the feed, which show no form, leave it (and the English checks' chunk) for later.
 */
import { LENGTH_TEXTS } from '../../validation.js';
import { pair, type TextPair } from './pairs.js';
import { LENGTH_TEXTS_HI } from './validation.js';

export const HI_FORMS_PAIRS: readonly TextPair[] = [pair(LENGTH_TEXTS, LENGTH_TEXTS_HI)];
