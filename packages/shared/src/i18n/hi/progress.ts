/** Hindi for ../progress.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { PROGRESS_TEXTS } from '../../progress.js';
import type { Localized } from '../localized.js';

export const PROGRESS_TEXTS_HI: Localized<typeof PROGRESS_TEXTS> = PROGRESS_TEXTS;
