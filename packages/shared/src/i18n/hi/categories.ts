/** Hindi for ../categories.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { CATEGORY_TEXTS, CATEGORY_UI } from '../../categories.js';
import type { Localized } from '../localized.js';

export const CATEGORY_TEXTS_HI: Localized<typeof CATEGORY_TEXTS> = CATEGORY_TEXTS;
export const CATEGORY_UI_HI: Localized<typeof CATEGORY_UI> = CATEGORY_UI;
