/**
 * Display names of the fixed lists whose wire values stay English (API-CONTRACT): states and union
 * territories, priorities, progress states, current states and categories. The web app shows
 * `names.states[s]` etc. for the current language; the wire keeps the English value.
 */
import { INDIAN_STATES, PRIORITIES, type Priority } from '../constants.js';
import { CATEGORIES, CATEGORY_CODES, type Category } from '../categories.js';
import { CURRENT_STATES, PROGRESS_ORDER, PROGRESS_UNSEEN_LABEL, progressLabel, type CurrentState, type ProgressState } from '../progress.js';

export type IndianState = (typeof INDIAN_STATES)[number];

const identity = <K extends string>(keys: readonly K[]): Record<K, string> =>
  Object.fromEntries(keys.map((k): [K, string] => [k, k])) as Record<K, string>;

export const NAMES = {
  states: identity(INDIAN_STATES) as Record<IndianState, string>,
  priorities: identity(PRIORITIES) as Record<Priority, string>,
  /** What people read for each progress state ('Unseen' reads "Open"). */
  progress: Object.fromEntries(PROGRESS_ORDER.map((s) => [s, progressLabel(s)])) as Record<ProgressState, string>,
  currentStates: { ...identity(CURRENT_STATES), Open: PROGRESS_UNSEEN_LABEL } as Record<CurrentState | 'Open', string>,
  categories: Object.fromEntries(
    CATEGORY_CODES.map((c) => [c, { name: CATEGORIES[c].name, description: CATEGORIES[c].description }]),
  ) as Record<Category, { name: string; description: string }>,
};
