/** Hindi for ../open311.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { OPEN_DATA_TEXTS } from '../../open311.js';
import type { Localized } from '../localized.js';

export const OPEN_DATA_TEXTS_HI: Localized<typeof OPEN_DATA_TEXTS> = OPEN_DATA_TEXTS;
