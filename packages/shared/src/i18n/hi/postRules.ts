/** Hindi for ../postRules.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { POST_TEXTS } from '../../postRules.js';
import type { Localized } from '../localized.js';

export const POST_TEXTS_HI: Localized<typeof POST_TEXTS> = POST_TEXTS;
