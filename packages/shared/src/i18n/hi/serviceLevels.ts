/** Hindi for ../serviceLevels.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { SERVICE_LEVEL_TEXTS, RATING_TEXTS, METRICS_TEXTS } from '../../serviceLevels.js';
import type { Localized } from '../localized.js';

export const SERVICE_LEVEL_TEXTS_HI: Localized<typeof SERVICE_LEVEL_TEXTS> = SERVICE_LEVEL_TEXTS;
export const RATING_TEXTS_HI: Localized<typeof RATING_TEXTS> = RATING_TEXTS;
export const METRICS_TEXTS_HI: Localized<typeof METRICS_TEXTS> = METRICS_TEXTS;
