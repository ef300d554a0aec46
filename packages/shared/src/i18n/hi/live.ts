/** Hindi for ../live.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { LIVE_TEXTS, CHAT_TEXTS, NOTIFICATION_TEXTS } from '../../live.js';
import type { Localized } from '../localized.js';

export const LIVE_TEXTS_HI: Localized<typeof LIVE_TEXTS> = LIVE_TEXTS;
export const CHAT_TEXTS_HI: Localized<typeof CHAT_TEXTS> = CHAT_TEXTS;
export const NOTIFICATION_TEXTS_HI: Localized<typeof NOTIFICATION_TEXTS> = NOTIFICATION_TEXTS;
