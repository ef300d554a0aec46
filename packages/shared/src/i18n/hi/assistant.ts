/** Hindi for ../assistant.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { ASSISTANT_TEXTS, HELP_UI } from '../../assistant.js';
import type { Localized } from '../localized.js';

export const ASSISTANT_TEXTS_HI: Localized<typeof ASSISTANT_TEXTS> = ASSISTANT_TEXTS;
export const HELP_UI_HI: Localized<typeof HELP_UI> = HELP_UI;
