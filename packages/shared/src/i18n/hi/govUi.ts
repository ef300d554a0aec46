/** Hindi for ../govUi.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { GOV_UI } from '../../govUi.js';
import type { Localized } from '../localized.js';

export const GOV_UI_HI: Localized<typeof GOV_UI> = GOV_UI;
