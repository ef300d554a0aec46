/** Hindi for ../texts.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { TEXTS } from '../../texts.js';
import type { Localized } from '../localized.js';

export const TEXTS_HI: Localized<typeof TEXTS> = TEXTS;
