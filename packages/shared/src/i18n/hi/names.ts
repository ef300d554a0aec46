/** Hindi names of states, priorities, progress states and categories. PLACEHOLDER: still English. */
import { NAMES } from '../names.js';
import type { Localized } from '../localized.js';

export const NAMES_HI: Localized<typeof NAMES> = NAMES;
