/** Hindi for ../liveUi.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { LIVE_UI } from '../../liveUi.js';
import type { Localized } from '../localized.js';

export const LIVE_UI_HI: Localized<typeof LIVE_UI> = LIVE_UI;
