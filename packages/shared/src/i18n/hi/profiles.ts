/** Hindi for ../profiles.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { PROFILE_TEXTS, SETTINGS_TEXTS, PROFILE_UI, SETTINGS_UI, EDITOR_UI } from '../../profiles.js';
import type { Localized } from '../localized.js';

export const PROFILE_TEXTS_HI: Localized<typeof PROFILE_TEXTS> = PROFILE_TEXTS;
export const SETTINGS_TEXTS_HI: Localized<typeof SETTINGS_TEXTS> = SETTINGS_TEXTS;
export const PROFILE_UI_HI: Localized<typeof PROFILE_UI> = PROFILE_UI;
export const SETTINGS_UI_HI: Localized<typeof SETTINGS_UI> = SETTINGS_UI;
export const EDITOR_UI_HI: Localized<typeof EDITOR_UI> = EDITOR_UI;
