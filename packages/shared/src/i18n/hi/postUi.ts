/** Hindi for ../postUi.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { POST_UI } from '../../postUi.js';
import type { Localized } from '../localized.js';

export const POST_UI_HI: Localized<typeof POST_UI> = POST_UI;
