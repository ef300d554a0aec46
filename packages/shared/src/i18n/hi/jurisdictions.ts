/** Hindi for ../jurisdictions.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { JURISDICTION_TEXTS } from '../../jurisdictions.js';
import type { Localized } from '../localized.js';

export const JURISDICTION_TEXTS_HI: Localized<typeof JURISDICTION_TEXTS> = JURISDICTION_TEXTS;
