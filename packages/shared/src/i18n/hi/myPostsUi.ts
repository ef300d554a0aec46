/** Hindi for ../myPostsUi.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { MY_POSTS_UI } from '../../myPostsUi.js';
import type { Localized } from '../localized.js';

export const MY_POSTS_UI_HI: Localized<typeof MY_POSTS_UI> = MY_POSTS_UI;
