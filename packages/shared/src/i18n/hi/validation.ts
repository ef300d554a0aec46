/** Hindi for ../validation.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { LENGTH_TEXTS, CONTACT_TEXTS } from '../../validation.js';
import type { Localized } from '../localized.js';

export const LENGTH_TEXTS_HI: Localized<typeof LENGTH_TEXTS> = LENGTH_TEXTS;
export const CONTACT_TEXTS_HI: Localized<typeof CONTACT_TEXTS> = CONTACT_TEXTS;
