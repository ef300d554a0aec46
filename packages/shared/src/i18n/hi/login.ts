/**
 * The Hindi of the shared text objects only the login form adds to ./core.ts: loaded with it before the
 * first render in Hindi when the first screen is the login page (`@civicpulse/shared/i18n/hi/login`).
 */
import { LOGIN_LINKS_UI } from '../../loginLinksUi.js';
import { LOGIN_LINKS_UI_HI } from './mail.js';
import { pair, type TextPair } from './pairs.js';

export const HI_LOGIN_PAIRS: readonly TextPair[] = [pair(LOGIN_LINKS_UI, LOGIN_LINKS_UI_HI)];
