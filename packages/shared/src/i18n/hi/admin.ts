/** Hindi for ../admin.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { ADMIN_TEXTS, ADMIN_UI } from '../../admin.js';
import type { Localized } from '../localized.js';

export const ADMIN_TEXTS_HI: Localized<typeof ADMIN_TEXTS> = ADMIN_TEXTS;
export const ADMIN_UI_HI: Localized<typeof ADMIN_UI> = ADMIN_UI;
